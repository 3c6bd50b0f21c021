import { MODERATION_REASONS, APPEAL_TEXT_MAX } from './standing.ts';
import { safeText } from './text.ts';
import { z } from './zod.ts';

// The schemas of trust and safety; the constants and the start-up's readers are in standing.ts.

/** The decision a restricted account reads on its standing screen. */
export const standingSchema = z.lazy(() =>
  z.object({
    state: z.enum(['SUSPENDED', 'BANNED']),
    actionId: z.uuid(),
    reason: z.enum(MODERATION_REASONS),
    message: z.string(),
    /** When the suspension ends (ISO), null for a ban. */
    until: z.nullable(z.string()),
    at: z.string(),
    appeal: z.nullable(
      z.object({
        status: z.enum(['open', 'upheld', 'overturned']),
        decisionReason: z.nullable(z.string()),
      }),
    ),
  }),
);
export type Standing = z.infer<typeof standingSchema>;

/** A warning the person has not acknowledged yet (the session answer carries it). */
export const warningSchema = z.lazy(() =>
  z.object({
    actionId: z.uuid(),
    reason: z.enum(MODERATION_REASONS),
    message: z.string(),
    at: z.string(),
  }),
);
export type Warning = z.infer<typeof warningSchema>;

export const appealInputSchema = z.lazy(() =>
  z.strictObject({
    text: z
      .string({ message: 'Say why the decision should change' })
      .check(
        z.trim(),
        z.minLength(1, 'Say why the decision should change'),
        z.maxLength(APPEAL_TEXT_MAX, `An appeal can be at most ${APPEAL_TEXT_MAX} characters`),
        z.superRefine(safeText('Appeal', 'multiline')),
      ),
  }),
);
export type AppealInput = z.infer<typeof appealInputSchema>;

export const warningParamsSchema = z.lazy(() =>
  z.object({ actionId: z.uuid({ message: 'Invalid warning id' }) }),
);

const staffMessage = z.lazy(() =>
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(2000, 'A message can be at most 2000 characters'),
      z.superRefine(safeText('Message', 'multiline')),
    ),
);

/** A staff action on a person (issue 47): the reason is chosen from the list, the message free. */
export const staffActionSchema = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('warn'),
      reason: z.enum(MODERATION_REASONS, { message: 'Choose a reason' }),
      message: staffMessage,
    }),
    z.strictObject({
      kind: z.literal('suspend'),
      days: z.union([z.literal(1), z.literal(7), z.literal(30)], {
        message: 'A suspension is for 1, 7 or 30 days',
      }),
      reason: z.enum(MODERATION_REASONS, { message: 'Choose a reason' }),
      message: staffMessage,
    }),
    z.strictObject({
      kind: z.literal('ban'),
      reason: z.enum(MODERATION_REASONS, { message: 'Choose a reason' }),
      message: staffMessage,
    }),
  ]),
);
export type StaffActionInput = z.infer<typeof staffActionSchema>;

/** Lifting a suspension or a ban (only an admin lifts a ban). */
export const liftInputSchema = z.lazy(() =>
  z.strictObject({
    reason: z.enum(MODERATION_REASONS, { message: 'Choose a reason' }),
    message: staffMessage,
  }),
);

export const appealDecisionSchema = z.lazy(() =>
  z.strictObject({
    decision: z.enum(['upheld', 'overturned'], { message: 'Uphold or overturn the decision' }),
    reason: z
      .string({ message: 'Give the person a reason' })
      .check(
        z.trim(),
        z.minLength(1, 'Give the person a reason'),
        z.maxLength(2000, 'A reason can be at most 2000 characters'),
        z.superRefine(safeText('Reason', 'multiline')),
      ),
  }),
);

export const staffRoleInputSchema = z.lazy(() =>
  z.strictObject({
    role: z.enum(['moderator', 'admin'], { message: 'Choose moderator or admin' }),
  }),
);

/** What the browser's passkey ceremony answers; the server's WebAuthn library checks the rest. */
export const passkeyResponseSchema = z.lazy(() =>
  z.looseObject({
    id: z.string().check(z.minLength(1), z.maxLength(1024)),
    rawId: z.string().check(z.maxLength(1024)),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(8192)) }),
  }),
);

export const staffPersonParamsSchema = z.lazy(() =>
  z.object({ userId: z.uuid({ message: 'Invalid user ID provided' }) }),
);
export const appealParamsSchema = z.lazy(() =>
  z.object({ appealId: z.uuid({ message: 'Invalid appeal id' }) }),
);
