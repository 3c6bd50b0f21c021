import { EVIDENCE_RETENTION_DAYS } from '@heartline/domain';
import {
  list,
  mail,
  p,
  type Inline,
  type LegalContext,
  type LegalDocument,
} from './legal-document.ts';

const termsLink: Inline = { text: 'Terms of Service', to: 'terms' };

/**
 * The Privacy Policy (spec/3 §2, §9): version 5.0. Every statement must be true of what is
 * built (DESIGN.md §3 items 9 and 11): no end-to-end claim, no trackers, real export and delete.
 */
export function privacyPolicy({ productName: name, contacts }: LegalContext): LegalDocument {
  return {
    kind: 'privacy',
    title: 'Privacy Policy',
    version: '5.0',
    effective: { text: '1/09/2025', iso: '2025-09-01' },
    summary: {
      heading: 'At a glance',
      blocks: [
        list(
          'We collect what you give us to build your profile and network, and what we need to ' +
            'run the service safely.',
          'We never sell your data. There are no ads, and no third-party analytics or ' +
            'advertising trackers in the app.',
          'Messages are encrypted in transit and at rest. They are not end-to-end encrypted.',
          'Photos are re-encoded and their hidden metadata (EXIF, including GPS position) is ' +
            'removed before anyone sees them. We never use your device’s GPS.',
          'You can download all your data and delete your account, instantly, from Settings.',
        ),
      ],
    },
    sections: [
      {
        id: 'privacy-collected',
        heading: '1. What we collect',
        blocks: [
          p('Information you give us:'),
          list(
            'Account: your name and e-mail address. If you sign in with Google (OpenID Connect) ' +
              'we receive your name, e-mail address and Google account identifier, never your ' +
              'Google password. If you sign in with an e-mail address and password, we store ' +
              'the password only as a one-way hash (argon2id).',
            'Profile: date of birth, gender, who you are interested in, what you are looking ' +
              'for, interests, a short bio, your location as the city or region text you type, ' +
              'and your profile photo.',
            'Your network and activity: connections and connection requests, invitations you ' +
              'create or accept, likes, passes and matches, favourites, people you block, and ' +
              'reports you make.',
            'Messages you send and receive in chat, and whether they have been delivered and ' +
              'read.',
            'Your settings, such as visibility and notification choices.',
          ),
          p('Information created as you use the service:'),
          list(
            'Your trust score and connection degrees, worked out from your connections.',
            'Sign-in sessions: when they started and were last used, and a description of the ' +
              'browser and device (the user agent), so you and we can spot sign-ins that are ' +
              'not yours.',
            'Server logs of requests (such as IP address and time), used to keep the service ' +
              'secure and working.',
          ),
          p(
            'We do not collect your precise location: the app never asks for GPS, and location ' +
              'data inside photos is removed. We do not use advertising identifiers.',
          ),
          p(
            'On your device the app keeps two sign-in cookies (essential, no tracking): one ' +
              'holds your session, and the other only says that someone is signed in here, so ' +
              'the app can show the sign-in screen at once to a browser where nobody is. It ' +
              'also keeps your theme choice, a copy of recently loaded data so it starts ' +
              'quickly, and photos or messages waiting to be sent. Signing out clears all of ' +
              'this except the theme.',
          ),
        ],
      },
      {
        id: 'privacy-use',
        heading: '2. How we use your information',
        blocks: [
          list(
            'to run your account and show your profile to the people your settings allow;',
            'to work out your connections, their degrees and your trust score;',
            'to suggest people in Discover and to deliver messages, matches, requests and ' +
              'notifications;',
            [
              'to keep people safe: to review reports, enforce our ',
              termsLink,
              ' and prevent fraud and abuse;',
            ],
            'to secure the service, fix problems and improve how it works;',
            'to tell you about important changes, such as updates to this policy.',
          ),
          p(
            'The legal bases we rely on are: the contract with you (to provide the service), our ' +
              'legitimate interests (safety, security and improving the service, balanced ' +
              'against your rights), your consent where we ask for it, and legal obligations.',
          ),
        ],
      },
      {
        id: 'privacy-sharing',
        heading: '3. When we share information',
        blocks: [
          p('We never sell your personal data, and we do not share it for advertising.'),
          list(
            'Other members see your profile, trust score and mutual connections as your ' +
              'settings allow. Messages are seen by the people in the conversation.',
            'Service providers host our servers, database and photo storage for us. They act ' +
              'only on our instructions, under contract, and may not use your data for anything ' +
              'else.',
            'Google takes part in sign-in when you choose "Continue with Google".',
            'Authorities, when the law requires it or when it is needed to protect someone from ' +
              'serious harm.',
            'A buyer or successor, if the service changes hands; this policy would continue to ' +
              'protect your data, and we would tell you first.',
          ),
        ],
      },
      {
        id: 'privacy-rights',
        heading: '4. Your rights and choices',
        blocks: [
          p('Wherever you live, you can:'),
          list(
            'see and correct your profile at any time (Edit Profile);',
            'download all your data as a JSON file (Settings);',
            'delete your account (Settings); it disappears at once;',
            'choose who can see you: profile visibility by connection degree (1st, 2nd or 3rd), ' +
              'hide from search, show your age, location sharing, online status, read receipts ' +
              'and typing indicators;',
            'choose whether you appear as the connecting person in other people’s connection ' +
              'paths;',
            'block people, and unblock them from your block list in Settings;',
            'report a person from every screen where you see them;',
            'object to or ask us to restrict a use of your data, and withdraw consent you have ' +
              'given;',
            'complain to your data protection authority.',
          ),
          p(
            'For anything you cannot do in the app, write to ',
            mail(contacts.privacy),
            '. We answer within one month and may need to confirm that the request comes from ' +
              'you.',
          ),
        ],
      },
      {
        id: 'privacy-retention',
        heading: '5. How long we keep data',
        blocks: [
          list(
            'While your account exists we keep your data so the service works for you.',
            'When you delete your account it is gone at once: no one can see or find your ' +
              'profile and you are signed out everywhere. Remaining copies, for example in ' +
              'backups, are erased within 30 days.',
            'Accounts that were never verified and have been inactive for 90 days are deleted.',
            'Reports, and what is kept with them (the reported messages as they were, and a ' +
              'copy of the reported profile: name, bio, main photo, age and location at the ' +
              'time), are kept while the report is reviewed or a decision on it is appealed, and ' +
              `for ${EVIDENCE_RETENTION_DAYS} days after the decision, also when either account ` +
              'is deleted. Only our moderators see them.',
            'When an account is banned we keep its sign-in identity (the provider’s account ' +
              'identifier) and its e-mail address in a normalized form, also after the account ' +
              'is deleted, so that the same person cannot sign up again. They are removed if ' +
              'the ban is lifted.',
            'We keep something longer only when the law requires it.',
          ),
        ],
      },
      {
        id: 'privacy-security',
        heading: '6. Security',
        blocks: [
          list(
            'Everything between your device and us travels over encrypted connections (HTTPS).',
            'Messages are encrypted in transit and at rest. They are not end-to-end encrypted: ' +
              'our systems can process them to deliver them, and we look at a conversation only ' +
              'when someone in it reports it or the law requires it.',
            'Sign-in sessions use random tokens that we store only in hashed form, in a cookie ' +
              'that scripts cannot read. Passwords, where used, are stored only as hashes.',
            'Photos are checked by their content, re-encoded, and stripped of metadata (EXIF, ' +
              'including GPS) before they are stored and shown.',
            'Access to personal data inside our team is limited to those who need it.',
          ),
          p(
            'No system is perfectly secure. If a breach puts your data at risk we will tell you ' +
              'and the relevant authorities within 72 hours of becoming aware of it.',
          ),
        ],
      },
      {
        id: 'privacy-ai',
        heading: '7. AI transparency',
        blocks: [
          p(
            `${name} does not use artificial intelligence or machine learning to make ` +
              'decisions about you, to judge your photos or messages, or to profile you. No ' +
              'automated decision with legal or similarly significant effects is made about ' +
              'you.',
          ),
          p(
            'Discover shows people connected to you within the degrees your and their ' +
              'visibility settings allow, who match each other’s preferences, are close to ' +
              'you in age and have not been blocked by either of you. It orders them by trust ' +
              'score, which is a plain count: 10 points for each friend and 1 point for each ' +
              'friend of a friend.',
          ),
          p('We do not use your photos, profile or messages to train AI models.'),
        ],
      },
      {
        id: 'privacy-international',
        heading: '8. International compliance',
        blocks: [
          p(
            'We follow the privacy laws of the places where our members live. Your data may be ' +
              'processed in a country other than your own; when it is, we use the safeguards ' +
              'the law requires, such as standard contractual clauses.',
          ),
          list(
            [
              'European Union and United Kingdom (GDPR and UK GDPR): you have the rights in ' +
                'section 4, including access, correction, erasure, portability, restriction ' +
                'and objection. UK contact: ',
              mail(contacts.regional.uk),
              '.',
            ],
            [
              'United States (including the California Consumer Privacy Act as amended by the ' +
                'CPRA): you may know, correct and delete your data. We do not sell or share ' +
                'personal information for cross-context behavioural advertising, and we never ' +
                'treat you differently for using your rights. US contact: ',
              mail(contacts.regional.us),
              '.',
            ],
            [
              'India (Digital Personal Data Protection Act, 2023): you may access, correct and ' +
                'erase your data, nominate someone to act for you, and raise a grievance with ' +
                'our grievance officer at ',
              mail(contacts.regional.in),
              '.',
            ],
            [
              'Israel (Protection of Privacy Law, 5741-1981, and its regulations): you may ' +
                'review and correct your data. Israel contact: ',
              mail(contacts.regional.il),
              '.',
            ],
          ),
        ],
      },
      {
        id: 'privacy-children',
        heading: '9. Children',
        blocks: [
          p(
            `${name} is only for adults aged 18 and over. We do not knowingly collect data from ` +
              'anyone younger. If we learn that an account belongs to someone under 18, we ' +
              'delete it. If you believe a child is using the service, tell us at ',
            mail(contacts.privacy),
            '.',
          ),
        ],
      },
      {
        id: 'privacy-updates',
        heading: '10. Changes to this policy',
        blocks: [
          p(
            'When we make a major change to this policy we e-mail you at least 30 days before it ' +
              'takes effect, and you can delete your account before then if you do not agree. ' +
              'Smaller changes take effect when we publish them here with a new version and ' +
              'date.',
          ),
        ],
      },
      {
        id: 'privacy-contact',
        heading: '11. Contact',
        blocks: [
          list(
            ['Privacy questions and requests: ', mail(contacts.privacy)],
            ['General enquiries: ', mail(contacts.general)],
            ['Legal: ', mail(contacts.legal)],
            ['United States: ', mail(contacts.regional.us)],
            ['United Kingdom: ', mail(contacts.regional.uk)],
            ['India (grievance officer): ', mail(contacts.regional.in)],
            ['Israel: ', mail(contacts.regional.il)],
          ),
          p('Our ', termsLink, ' set out the rules for using the service.'),
        ],
      },
    ],
  };
}
