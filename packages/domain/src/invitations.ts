import { z } from './zod.ts';
import { connectionRequestViewSchema } from './network.ts';
import { profileMessages } from './profile.ts';
import { inviteCodeMessages, inviteCodeProblem } from './invite-code.ts';
import { safeText } from './text.ts';

/**
 * Invitation links and the invite consent chain (issue 12; spec/2 §2–§5, §8; DESIGN.md §3.6,
 * §3.13). The HTTP contract is in docs/API-invitations.md.
 */

/** spec/2 §9 and spec/1 §7: the lookup is raced against 5 s. */
export const INVITE_LOOKUP_TIMEOUT_MS = 5_000;
/**
 * Links one person may hold working at once besides the default one (expired and used-up links
 * do not count; the default link of the Invite Friends dialog always exists).
 */
export const INVITATIONS_ACTIVE_MAX = 20;
/** Largest use limit a link may be given. */
export const INVITATION_MAX_USES_LIMIT = 1000;
/** The longest a link may stay valid, in days. */
export const INVITATION_EXPIRY_MAX_DAYS = 365;
export const INVITATION_MESSAGE_MAX = 500;
/** spec/3 §8: the 'Connection Approved! 🎉' toast stays 5 s. */
export const APPROVAL_TOAST_MS = 5_000;
/** Public lookups per address (enumeration is hopeless at 128 bits; this keeps it cheap). */
export const INVITE_LOOKUP_LIMIT = { points: 60, windowMs: 60 * 1000 } as const;
export const INVITATION_CREATE_LIMIT = { points: 20, windowMs: 60 * 60 * 1000 } as const;

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
  completeOnboardingFirst: profileMessages.completeOnboardingFirst,
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
} as const;

export const inviteCodeParamsSchema = z.object({
  code: z.string().superRefine((code, ctx) => {
    const problem = inviteCodeProblem(code);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

/** `GET /api/invitations/:code`: the public lookup (spec/2 §3 "legacy lookup result"). */
export const invitationLookupSchema = z.object({
  creator_id: z.uuid(),
  invite_code: z.string(),
  /** The creator's name, else 'Someone'. */
  creator_name: z.string(),
  message: z.string(),
  isLegacy: z.boolean(),
  creator_avatar: z.string().nullable(),
  /** The creator's profile photo (the landing page shows it large). */
  creator_photo: z.string().nullable(),
  creator_trust_score: z.number().int().min(0),
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

/** One of the caller's links (`GET /api/invitations`, `POST /api/invitations`). */
export const invitationSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  url: z.string(),
  message: z.string(),
  maxUses: z.number().int().positive().nullable(),
  currentUses: z.number().int().min(0),
  expiresAt: z.string().nullable(),
  isActive: z.boolean(),
  /** The link the Invite Friends dialog shares (unlimited, no expiry, created on first use). */
  isDefault: z.boolean(),
  /** Why a link no longer works: null while it does. */
  state: z.enum(['active', 'deactivated', 'expired', 'used_up']),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;

const maxUsesMessage = `Maximum uses must be a whole number from 1 to ${INVITATION_MAX_USES_LIMIT}`;
const expiryMessage = `Expiry must be a date in the next ${INVITATION_EXPIRY_MAX_DAYS} days`;

/** `POST /api/invitations`. */
export const createInvitationSchema = z.strictObject({
  maxUses: z
    .number({ message: maxUsesMessage })
    .int(maxUsesMessage)
    .min(1, maxUsesMessage)
    .max(INVITATION_MAX_USES_LIMIT, maxUsesMessage)
    .nullable()
    .optional(),
  expiresAt: z
    .string({ message: expiryMessage })
    .max(40, expiryMessage)
    .refine((value) => {
      const at = Date.parse(value);
      return (
        Number.isFinite(at) &&
        at > Date.now() &&
        at <= Date.now() + INVITATION_EXPIRY_MAX_DAYS * 24 * 60 * 60 * 1000
      );
    }, expiryMessage)
    .nullable()
    .optional(),
  message: z
    .string({ message: 'Message must be text' })
    .max(INVITATION_MESSAGE_MAX, `Message must be at most ${INVITATION_MESSAGE_MAX} characters`)
    .trim()
    .superRefine(safeText('Message', 'multiline'))
    .optional(),
});
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

/** `POST /api/invitations/:code/accept`: the chain starts (or was already where it is). */
export const acceptInvitationResultSchema = z.object({
  outcome: z.enum(['sent', 'already_connected', 'already_pending']),
  message: z.string(),
  inviterId: z.uuid(),
  inviterName: z.string(),
  /** The chain's first request (null when the two are already friends). */
  request: connectionRequestViewSchema.nullable(),
});
export type AcceptInvitationResult = z.infer<typeof acceptInvitationResultSchema>;
