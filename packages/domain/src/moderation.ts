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
