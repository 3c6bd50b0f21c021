import { standingSchema, warningSchema } from './moderation.ts';
import { z } from './zod.ts';

export const userIdSchema = z.lazy(() => z.uuid({ message: 'Invalid user ID provided' }));

/** The signed-in user as the web app sees it. Never carries other people's private fields. */
export const meSchema = z.lazy(() =>
  z.object({
    id: z.uuid(),
    email: z.nullable(z.string()),
    name: z.nullable(z.string()),
    dob: z.nullable(z.string()),
    photoUrl: z.nullable(z.string()),
    /** 128 px square avatar of the current photo. */
    avatarUrl: z.nullable(z.string()),
    onboardingCompleted: z.boolean(),
    trustScore: z.int(),
    friendCount: z.int(),
  }),
);
export type Me = z.infer<typeof meSchema>;

/**
 * The session answer. A suspended or banned account is signed out (`user: null`) with its
 * `standing`; a member with a warning to acknowledge carries it (issue 47).
 */
export const sessionResponseSchema = z.lazy(() =>
  z.object({
    user: z.nullable(meSchema),
    standing: z.optional(standingSchema),
    warning: z.optional(warningSchema),
  }),
);
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
