import { z } from './zod.ts';
import { connectionRequestViewSchema } from './requests.ts';
import { inviteCodeProblem } from './invite-code.ts';
import { safeText } from './text.ts';

/**
 * Invitation links and the invite consent chain (issue 12; spec/2 §2–§5, §8; DESIGN.md §3.6,
 * §3.13). The HTTP contract is in docs/API-invitations.md.
 */

/** spec/2 §9 and spec/1 §7: the lookup is raced against 5 s. */
export const INVITE_LOOKUP_TIMEOUT_MS = 5_000;
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

export const inviteCodeParamsSchema = z.lazy(() =>
  z.object({
    code: z.string().check(
      z.superRefine((code, ctx) => {
        const problem = inviteCodeProblem(code);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
  }),
);

/** `GET /api/invitations/:code`: the public lookup (spec/2 §3 "legacy lookup result"). */
export const invitationLookupSchema = z.lazy(() =>
  z.object({
    creator_id: z.uuid(),
    invite_code: z.string(),
    /** The creator's name, else 'Someone'. */
    creator_name: z.string(),
    message: z.string(),
    isLegacy: z.boolean(),
    creator_avatar: z.nullable(z.string()),
    /** The creator's profile photo (the landing page shows it large). */
    creator_photo: z.nullable(z.string()),
    creator_trust_score: z.int().check(z.minimum(0)),
  }),
);
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

/** One of the caller's links (`GET /api/invitations`, `POST /api/invitations`). */
export const invitationSchema = z.lazy(() =>
  z.object({
    id: z.uuid(),
    code: z.string(),
    url: z.string(),
    message: z.string(),
    maxUses: z.nullable(z.int().check(z.positive())),
    currentUses: z.int().check(z.minimum(0)),
    expiresAt: z.nullable(z.string()),
    isActive: z.boolean(),
    /** The link the Invite Friends dialog shares (unlimited, no expiry, created on first use). */
    isDefault: z.boolean(),
    /** Why a link no longer works: null while it does. */
    state: z.enum(['active', 'deactivated', 'expired', 'used_up']),
    createdAt: z.string(),
  }),
);
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.lazy(() => z.object({ items: z.array(invitationSchema) }));
export type InvitationList = z.infer<typeof invitationListSchema>;

const maxUsesMessage = `Maximum uses must be a whole number from 1 to ${INVITATION_MAX_USES_LIMIT}`;
const expiryMessage = `Expiry must be a date in the next ${INVITATION_EXPIRY_MAX_DAYS} days`;

/** `POST /api/invitations`. */
export const createInvitationSchema = z.lazy(() =>
  z.strictObject({
    maxUses: z.optional(
      z.nullable(
        z
          .int({ message: maxUsesMessage })
          .check(
            z.minimum(1, maxUsesMessage),
            z.maximum(INVITATION_MAX_USES_LIMIT, maxUsesMessage),
          ),
      ),
    ),
    expiresAt: z.optional(
      z.nullable(
        z.string({ message: expiryMessage }).check(
          z.maxLength(40, expiryMessage),
          z.refine((value) => {
            const at = Date.parse(value);
            return (
              Number.isFinite(at) &&
              at > Date.now() &&
              at <= Date.now() + INVITATION_EXPIRY_MAX_DAYS * 24 * 60 * 60 * 1000
            );
          }, expiryMessage),
        ),
      ),
    ),
    message: z.optional(
      z
        .string({ message: 'Message must be text' })
        .check(
          z.maxLength(
            INVITATION_MESSAGE_MAX,
            `Message must be at most ${INVITATION_MESSAGE_MAX} characters`,
          ),
          z.trim(),
          z.superRefine(safeText('Message', 'multiline')),
        ),
    ),
  }),
);
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

/** `POST /api/invitations/:code/accept`: the chain starts (or was already where it is). */
export const acceptInvitationResultSchema = z.lazy(() =>
  z.object({
    outcome: z.enum(['sent', 'already_connected', 'already_pending']),
    message: z.string(),
    inviterId: z.uuid(),
    inviterName: z.string(),
    /** The chain's first request (null when the two are already friends). */
    request: z.nullable(connectionRequestViewSchema),
  }),
);
export type AcceptInvitationResult = z.infer<typeof acceptInvitationResultSchema>;

/**
 * The user's own default invite link: `POST /api/invitations/me` makes it when missing;
 * `GET /api/invitations/me` reads it (null while there is none).
 */
export const myInvitationSchema = z.lazy(() =>
  z.object({
    code: z.string(),
    url: z.string(),
    message: z.string(),
    friends: z.int().check(z.minimum(0)),
    trust: z.int().check(z.minimum(0)),
  }),
);
export type MyInvitation = z.infer<typeof myInvitationSchema>;
/** `GET /api/invitations/me`: the link, or null while there is none. */
export const myInvitationReadSchema = z.lazy(() => z.nullable(myInvitationSchema));
