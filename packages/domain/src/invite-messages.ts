import { INVITATIONS_ACTIVE_MAX, inviteCodeMessages } from './invite-code.ts';
import { onboardingMessages } from './onboarding.ts';

// The invitation texts on their own (no schemas): the sign-in screen shows one, and must not
// load the invitation schemas to do so (issue 17).

/** Every invitation text of the spec (spec/1 §8, spec/2 §2, §5, §8; spec/3 §8), defined once. */
export const inviteMessages = {
  // Landing and lookup.
  invalidLink: 'Invalid invitation link',
  ...inviteCodeMessages,
  notFound: 'Invalid or expired invitation',
  deactivated: 'This invitation has been deactivated',
  expired: 'Invitation has expired',
  maxUses: 'Invitation has reached maximum usage limit',
  creatorMissing: 'Invitation creator account not found',
  ownInvitation: 'Cannot accept your own invitation',
  ownInvitationToast: 'You cannot accept your own invitation link',
  lookupTimeout: 'Request timeout - please try again',
  validationFailed: 'Validation failed',
  processFailed: 'Failed to process invitation. Please try again.',
  unexpected: 'Unexpected error occurred',
  someone: 'Someone',
  // Per-user answers (spec/2 §5 "legacy per-user messages").
  alreadyUsed: 'You have already used this invitation',
  alreadyDeclined: 'You have already declined this invitation',
  alreadyPending: 'You already have a pending request for this invitation',
  requestAlreadyPending: 'Connection request already pending',
  completeOnboardingFirst: onboardingMessages.completeFirst,
  // Landing screen.
  landingTitle: (name: string, productName: string) => `${name} invited you to ${productName}`,
  landingSignIn: 'Sign up or sign in to connect',
  signInToJoin: (name: string) => `Sign in to answer ${name}'s invitation.`,
  landingAdults: (productName: string) =>
    `${productName} is for adults (18+). You choose whether to connect after you sign in.`,
  // Invite-choice screen (spec/2 §2).
  choiceTitle: (productName: string) => `You've been invited to ${productName}!`,
  choiceConnect: (name: string) => `Connect with ${name}`,
  choiceJustMe: 'Just me (skip connection)',
  choiceNote: "You'll complete your profile setup next",
  // Processing screen (spec/1 §2).
  processingTitle: 'Processing Invite',
  processingBusy: 'Please wait while we set up your connection...',
  processingIdle: "Processing your invitation... You'll be redirected shortly.",
  // Chain steps and their realtime notices (spec/3 §8).
  connectionApproved: 'Connection Approved! 🎉',
  approvedMessage: (name: string) =>
    `${name} approved your connection request. They will confirm the friendship next.`,
  finalApprovalMessage: (name: string) =>
    `${name} wants to be friends. Give your final approval to connect.`,
  sent: (name: string) => `Connection request sent to ${name}!`,
  // Link management.
  deactivatedToast: 'Invitation link deactivated',
  createdToast: 'New invitation link created',
  tooManyActive: `You can keep at most ${INVITATIONS_ACTIVE_MAX} active invitation links. Deactivate one first.`,
  tooManyCreated: 'Too many invitation links created. Please wait before creating more.',
  tooManyLookups: 'Too many invitation lookups. Please wait a minute.',
  // The invite dialog's copy fallback (spec/2 §8).
  copyManually: 'Please copy manually - select text and use Ctrl+C',
  copied: '✅ Message copied to clipboard!',
  copyFallback: '📋 Please select the text above and copy manually (Ctrl+C)',
} as const;

/** The invite message (spec/2 §1): dating built on real friends, the $100 gift, 2 % to causes. */
export function inviteMessage(productName: string, url: string): string {
  return (
    `Join me on ${productName}, the dating app built on real friends and trust. ` +
    `If friends marry through it, they get a $100 gift, and 2% of profits go to social causes. ${url}`
  );
}
