import { REPORT_REASONS } from './relations.ts';
import {
  APPEAL_TEXT_MAX,
  DISMISS_REASONS,
  MODERATION_REASONS,
  NOTICE_KINDS,
  STAFF_TEXT_MAX,
} from './standing.ts';
import { safeText } from './text.ts';
import { z } from './zod.ts';

// The schemas of trust and safety; the constants and the start-up's readers are in standing.ts.

/** The person's one appeal of a decision: none yet, open, or decided with a reason. */
const appealStateSchema = () =>
  z.nullable(
    z.object({
      status: z.enum(['open', 'upheld', 'overturned']),
      decisionReason: z.nullable(z.string()),
    }),
  );

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
    appeal: appealStateSchema(),
  }),
);
export type Standing = z.infer<typeof standingSchema>;

/**
 * A warning the person has not acknowledged yet (the session answer carries it), or one whose
 * appeal was decided since they last read it.
 */
export const warningSchema = z.lazy(() =>
  z.object({
    /** A warning, or a notice that a photo or the bio was removed. */
    kind: z.enum(NOTICE_KINDS),
    actionId: z.uuid(),
    reason: z.enum(MODERATION_REASONS),
    message: z.string(),
    at: z.string(),
    /** Shown again once an appeal of it is decided, with the outcome. */
    appeal: appealStateSchema(),
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
      z.maxLength(STAFF_TEXT_MAX, `A message can be at most ${STAFF_TEXT_MAX} characters`),
      z.superRefine(safeText('Message', 'multiline')),
    ),
);

const reasonField = () => z.enum(MODERATION_REASONS, { message: 'Choose a reason' });

/** The actions on a person, each with a reason from the Terms' list and free text. */
const actionVariants = () =>
  [
    z.strictObject({ kind: z.literal('warn'), reason: reasonField(), message: staffMessage }),
    z.strictObject({
      kind: z.literal('suspend'),
      days: z.union([z.literal(1), z.literal(7), z.literal(30)], {
        message: 'A suspension is for 1, 7 or 30 days',
      }),
      reason: reasonField(),
      message: staffMessage,
    }),
    z.strictObject({ kind: z.literal('ban'), reason: reasonField(), message: staffMessage }),
  ] as const;

/** A staff action on a person (issue 47): the reason is chosen from the list, the message free. */
export const staffActionSchema = z.lazy(() => z.discriminatedUnion('kind', [...actionVariants()]));
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

/** What a case is decided with: dismissed, or an action on the reported person. */
export const caseDecisionSchema = z.lazy(() =>
  z.discriminatedUnion('kind', [
    ...actionVariants(),
    z.strictObject({
      kind: z.literal('remove_photo'),
      reason: reasonField(),
      message: staffMessage,
    }),
    z.strictObject({ kind: z.literal('remove_bio'), reason: reasonField(), message: staffMessage }),
    z.strictObject({
      kind: z.literal('dismiss'),
      reason: z.enum(DISMISS_REASONS, { message: 'Choose a reason' }),
      message: staffMessage,
    }),
  ]),
);
export type CaseDecisionInput = z.infer<typeof caseDecisionSchema>;

/** A staff member's note on a case (staff only). */
export const caseNoteInputSchema = z.lazy(() =>
  z.strictObject({
    text: z
      .string({ message: 'Write the note' })
      .check(
        z.trim(),
        z.minLength(1, 'Write the note'),
        z.maxLength(STAFF_TEXT_MAX, `A note can be at most ${STAFF_TEXT_MAX} characters`),
        z.superRefine(safeText('Note', 'multiline')),
      ),
  }),
);

/** The queue's filters: open (the default), urgent or closed cases; one report reason. */
export const caseQueueQuerySchema = z.lazy(() =>
  z.strictObject({
    state: z.optional(z.enum(['open', 'urgent', 'closed'], { message: 'Unknown case state' })),
    reason: z.optional(z.enum([...REPORT_REASONS, 'blocked'], { message: 'Unknown reason' })),
    offset: z.optional(
      z.coerce
        .number({ message: 'Invalid offset' })
        .check(z.int('Invalid offset'), z.minimum(0, 'Invalid offset'), z.maximum(100_000)),
    ),
  }),
);
export type CaseQueueQuery = z.infer<typeof caseQueueQuerySchema>;

export const caseParamsSchema = z.lazy(() =>
  z.object({ caseId: z.uuid({ message: 'Invalid case id' }) }),
);

/** A report one made, as its reporter reads it: reviewed or not, action taken or not. */
export const myReportSchema = z.lazy(() =>
  z.object({
    id: z.uuid(),
    /** The reported person's name as it was when reported. */
    name: z.nullable(z.string()),
    reason: z.string(),
    createdAt: z.string(),
    status: z.enum(['open', 'reviewed']),
    /** Whether the moderators acted (never what they did); null while open. */
    actionTaken: z.nullable(z.boolean()),
  }),
);
export type MyReport = z.infer<typeof myReportSchema>;
export const myReportsSchema = z.lazy(() => z.object({ items: z.array(myReportSchema) }));
