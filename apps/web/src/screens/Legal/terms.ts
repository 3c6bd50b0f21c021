import {
  list,
  mail,
  p,
  type Inline,
  type LegalContext,
  type LegalDocument,
} from './legal-document.ts';

const privacyLink: Inline = { text: 'Privacy Policy', to: 'privacy' };

/** The Terms of Service (spec/3 §2, §9): version 1.0, Global Standard Edition. */
export function termsOfService({ productName: name, contacts }: LegalContext): LegalDocument {
  return {
    kind: 'terms',
    title: 'Terms of Service',
    version: '1.0 Global Standard Edition',
    effective: { text: '1/09/2025', iso: '2025-09-01' },
    summary: {
      heading: 'Quick summary',
      blocks: [
        p(
          `These terms are the agreement between you and ${name}. The short version, which does ` +
            'not replace the full text below:',
        ),
        list(
          `${name} is for adults aged 18 and over, using their real identity.`,
          'Your trust score counts your connections: 10 points for each friend and 1 point for ' +
            'each friend of a friend. It is not a background check.',
          'Treat people with respect. Harassment, scams and fake identities lead to warnings, ' +
            'suspension or a permanent ban.',
          'You own what you post. You give us the permission we need to show it to the people ' +
            'you choose.',
          'The core features are free. Optional paid extras can be cancelled at any time.',
          'You can delete your account from Settings at any time, with instant effect.',
          ['How we handle your data is explained in our ', privacyLink, '.'],
        ),
      ],
    },
    sections: [
      {
        id: 'terms-acceptance',
        heading: '1. Acceptance and eligibility',
        blocks: [
          p(
            `By creating an account or using ${name} you accept these Terms of Service and our `,
            privacyLink,
            '. If you do not agree, please do not use the service.',
          ),
          p('To use the service you must:'),
          list(
            'be at least 18 years old;',
            'be able to enter into a binding contract where you live;',
            'use your own real identity: one person, one account;',
            'not have been convicted of a sexual offence or be required to register as a sex ' +
              'offender anywhere;',
            `not have been banned from ${name} before.`,
          ),
          p(
            'You sign in with a Google account (through OpenID Connect) or, where it is offered, ' +
              'with an e-mail address and password. Keep your sign-in details to yourself; you ' +
              'are responsible for what happens under your account.',
          ),
        ],
      },
      {
        id: 'terms-trust-score',
        heading: '2. Trust score',
        blocks: [
          p(
            `${name} is built on the people you already know. Your trust score is a plain count ` +
              'worked out from your connections:',
          ),
          list(
            '10 points for each 1st-degree connection (a friend you are connected to);',
            '1 point for each 2nd-degree connection (a friend of a friend who is not already ' +
              'your friend).',
          ),
          p(
            'The score changes as connections are made or removed. It measures how well ' +
              'connected someone is, not who they are: it is not an identity check, a ' +
              'background check or a judgement of character. We do not run criminal background ' +
              'checks on members.',
          ),
          p(
            'Do not try to inflate a score, for example with fake accounts or connections with ' +
              'people you do not know. We may remove such connections and act under section 10.',
          ),
        ],
      },
      {
        id: 'terms-conduct',
        heading: '3. Community conduct',
        blocks: [
          p('You agree not to:'),
          list(
            'harass, threaten, stalk, bully or intimidate anyone;',
            'post or send hateful, violent or sexually explicit content, or any sexual content ' +
              'to someone who has not asked for it;',
            'pretend to be someone else, or use a fake identity, name or photo;',
            'ask anyone for money, run scams, or promote products, services or other sites;',
            'post content you do not have the rights to, or anything illegal;',
            'share other people’s private information without their consent;',
            'involve or sexualise anyone under 18 in any way;',
            'use bots, scrapers or other automated means to access the service, or interfere ' +
              'with its security or operation.',
          ),
          p(
            'We review reports and act on breaches in proportion to their seriousness: a ' +
              'warning, a temporary suspension, or a permanent ban. Convicted sex offenders, ' +
              'previously banned users and people using fake identities are banned permanently. ' +
              'Where there is a risk to someone’s safety we may also contact the authorities.',
          ),
        ],
      },
      {
        id: 'terms-safety',
        heading: '4. Safety',
        blocks: [
          p(
            'You can report a person from every screen where you see them, and block anyone: ' +
              'they can no longer find or contact you. Your block list is in Settings, where you ' +
              'can also unblock people.',
          ),
          p(
            'You are responsible for your own interactions with other members, online and ' +
              'offline. If you decide to meet someone:',
          ),
          list(
            'meet in a busy public place, and keep the first meetings there;',
            'tell a friend or family member where you are going, with whom, and when you expect ' +
              'to be back;',
            'arrange your own transport, and stay in control of your drinks and belongings;',
            'never send money or financial details to someone you have met online;',
            'keep your conversations in the app until you feel comfortable;',
            'trust your instincts: you can leave at any time, and report anything that worries ' +
              'you.',
          ),
          p(
            'If you are in immediate danger, call your local emergency number first, then tell ' +
              'us.',
          ),
        ],
      },
      {
        id: 'terms-content',
        heading: '5. Your content and ownership',
        blocks: [
          p(
            'You keep ownership of the photos, profile text and messages you add. You give us a ' +
              'worldwide, non-exclusive, royalty-free licence to store, copy, adapt the format ' +
              'of (for example re-encode and resize photos) and show that content, only to run ' +
              `${name} and show it to the people your settings allow. The licence ends when you ` +
              'delete the content or your account.',
          ),
          p(
            'You promise that you have the right to share what you post, and that it follows ' +
              'these terms. We may remove content that breaks them. The app itself, its name, ' +
              'design and software belong to us and our licensors.',
          ),
        ],
      },
      {
        id: 'terms-premium',
        heading: '6. Premium features',
        blocks: [
          p(
            `The core features of ${name} are free: your profile, your network, Discover, ` +
              'matches and chat. We may offer optional paid extras ("Premium"). Before you buy, ' +
              'we show the price, what it includes and how often you will be charged.',
          ),
          p(
            'You can cancel a Premium subscription at any time; it then runs to the end of the ' +
              'period you have paid for and is not renewed. Refunds follow the law where you live.',
          ),
        ],
      },
      {
        id: 'terms-privacy',
        heading: '7. Privacy',
        blocks: [
          p(
            'Our ',
            privacyLink,
            ' explains what we collect, why, who can see it and the choices you have. We do not ' +
              'sell your personal data and do not show ads. You can download all your data as a ' +
              'file from Settings and choose who can see you.',
          ),
        ],
      },
      {
        id: 'terms-liability',
        heading: '8. Limitation of liability',
        blocks: [
          p(
            `${name} is provided "as is". We work to keep it available and secure, but we cannot ` +
              'promise that it will always be available or free of errors, and we do not ' +
              'control, and are not responsible for, what members say or do, online or offline.',
          ),
          p(
            'As far as the law allows, our total liability to you for any claim is limited to ' +
              'the fees you paid us in the 12 months before the claim arose, or 100 US dollars ' +
              'if you paid nothing. We are not liable for indirect or consequential losses.',
          ),
          p(
            'Nothing in these terms limits liability that cannot be limited by law, such as ' +
              'for death or personal injury caused by negligence, or for fraud, or takes away ' +
              'your rights as a consumer.',
          ),
        ],
      },
      {
        id: 'terms-disputes',
        heading: '9. Disputes and governing law',
        blocks: [
          p(
            'If something goes wrong, please write to us first at ',
            mail(contacts.legal),
            ': most problems can be solved that way. If not, the law and courts depend on ' +
              'where you live:',
          ),
          list(
            'United States: the laws of the State of Delaware and the applicable federal law; ' +
              'the state and federal courts located in Delaware.',
            'United Kingdom: the laws of England and Wales; the courts of England and Wales, ' +
              'or the courts of Scotland or Northern Ireland if you live there.',
            'India: the laws of India; the courts at New Delhi.',
            'Israel: the laws of the State of Israel; the competent courts in Tel Aviv-Jaffa.',
            'Anywhere else: the laws of England and Wales and its courts, without taking away ' +
              'the protection of the mandatory consumer laws, and courts, of the country where ' +
              'you live.',
          ),
        ],
      },
      {
        id: 'terms-termination',
        heading: '10. Termination',
        blocks: [
          p(
            'You can delete your account at any time from Settings. Deletion takes effect ' +
              'immediately: your account disappears at once, and your remaining data is erased ' +
              'within 30 days, as the Privacy Policy explains.',
          ),
          p(
            'We may suspend or close an account that breaks these terms or puts others at ' +
              'risk, and accounts that were never verified and have been inactive for 90 days ' +
              'are deleted. If we act against your account we tell you why, unless that would ' +
              'put someone at risk; you can ask us to reconsider at ',
            mail(contacts.legal),
            '.',
          ),
        ],
      },
      {
        id: 'terms-updates',
        heading: '11. Changes to these terms',
        blocks: [
          p(
            'We may update these terms as the service or the law changes. For a major change we ' +
              'e-mail you at least 30 days before it takes effect; if you do not agree, you can ' +
              'delete your account before then. Smaller changes take effect when we publish them ' +
              'here with a new version and date.',
          ),
        ],
      },
      {
        id: 'terms-contact',
        heading: '12. Contact',
        blocks: [
          p('Questions about these terms or the service:'),
          list(['General enquiries: ', mail(contacts.general)], ['Legal: ', mail(contacts.legal)]),
        ],
      },
    ],
    finalNote: {
      heading: 'A final note',
      blocks: [
        p(
          `${name} works because people vouch for each other. Be the kind of connection you ` +
            'would want your friends to meet. Thank you for helping to keep it a safe place.',
        ),
      ],
    },
  };
}
