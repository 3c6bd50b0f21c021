import { z } from './zod.ts';

export const userIdSchema = z.uuid({ message: 'Invalid user ID provided' });

/** The signed-in user as the web app sees it. Never carries other people's private fields. */
export const meSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  dob: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** 128 px square avatar of the current photo. */
  avatarUrl: z.string().nullable(),
  onboardingCompleted: z.boolean(),
  trustScore: z.number().int(),
  friendCount: z.number().int(),
});
export type Me = z.infer<typeof meSchema>;

export const sessionResponseSchema = z.object({ user: meSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
