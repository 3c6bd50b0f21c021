import { z } from './zod.ts';
import { DISCOVER_DEGREES } from './discover.ts';
import { pathNodeSchema } from './network.ts';
import { DATING_GOALS, photoSchema } from './profile.ts';
import { PROMPT_IDS } from './prompts.ts';

/**
 * `GET /api/people/:userId` (issue 48): another person's whole profile, as the viewer may see
 * it. A person the viewer's Network or Discover would not show, and who is not their match,
 * reads exactly as one who does not exist (404).
 */
export const personProfileSchema = z.lazy(() =>
  z.object({
    id: z.uuid(),
    /** Null when the person has no name yet. */
    name: z.nullable(z.string()),
    /** Null when they turned off "show age" or gave no birth date. */
    age: z.nullable(z.int()),
    gender: z.string(),
    bio: z.string(),
    /** Empty when they turned off location sharing or gave none. */
    location: z.string(),
    /** Between the two cities, rounded (0: the same city); null without both cities. */
    distanceKm: z.nullable(z.int()),
    interests: z.array(z.string()),
    datingGoal: z.enum(DATING_GOALS),
    prompts: z.array(z.object({ prompt: z.enum(PROMPT_IDS), answer: z.string() })),
    /** Every photo, main first; empty: the avatar placeholder. */
    photos: z.array(photoSchema),
    avatar: z.nullable(z.string()),
    trustScore: z.int().check(z.minimum(0)),
    isVerified: z.boolean(),
    /** Null for the viewer themself, and for a match no longer within three degrees. */
    degree: z.nullable(z.enum(DISCOVER_DEGREES)),
    /** Friends in common: how many, and the first few who show in paths. */
    mutualFriends: z.object({ count: z.int(), shown: z.array(pathNodeSchema) }),
    relation: z.object({
      isSelf: z.boolean(),
      friends: z.boolean(),
      matched: z.boolean(),
      /** A connection request is open between the two (either direction). */
      requestOpen: z.boolean(),
    }),
    /** What the viewer may do: chat (friends and matches, their settings allowing), ask. */
    canMessage: z.boolean(),
    canConnect: z.boolean(),
  }),
);
export type PersonProfile = z.infer<typeof personProfileSchema>;

export const peopleMessages = {
  notFound: 'This profile is not available',
  loading: 'Loading profile...',
  viewProfile: 'View profile',
  photoOf: (index: number, total: number) => `Photo ${index} of ${total}`,
  previousPhoto: 'Previous photo',
  nextPhoto: 'Next photo',
  mutualFriends: (n: number) => `${n} mutual ${n === 1 ? 'friend' : 'friends'}`,
  message: 'Message',
  connect: 'Connect',
  requestSent: 'Request sent',
  showPath: 'How you are connected',
  lookingFor: 'Looking for',
  about: 'About',
  interests: 'Interests',
  back: 'Back',
  yourProfile: 'This is how others see your profile',
} as const;
