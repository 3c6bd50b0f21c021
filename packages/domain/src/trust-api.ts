import { built, z } from './zod.ts';
import { TRUST_FORMULA_TEXT } from './trust.ts';

/**
 * The trust API contract (the server's modules/trust): the report, the recalculation's limit
 * and the developer page's verification. The formula itself is in trust.ts (no schemas: the
 * sign-in walk reaches it).
 */

/** spec/1 §9: forced trust recalculation, 10 per 15 minutes per user. */
export const TRUST_RECALC_LIMIT = { points: 10, windowMs: 15 * 60 * 1000 } as const;

/** Trust texts (spec/1 §2, §8). */
export const trustMessages = {
  calculating: 'Calculating trust score...',
  unableToLoad: 'Unable to load trust score',
  failedToLoad: 'Failed to load trust score',
  tryAgain: 'Try Again',
  perFriend: '10 points per friend (1st degree)',
  perFriendOfFriend: '1 point per friend of friend (2nd degree)',
  inviteHint: 'Invite friends to start building your trust score.',
  gotIt: 'Got it',
  formula: TRUST_FORMULA_TEXT,
  rateLimited: (minutes: number) =>
    `Rate limit exceeded. Please wait ${minutes} minutes before requesting trust score again.`,
  errorCalculating: 'Error calculating trust score',
  calculationFailed: (message: string) => `Trust score calculation failed: ${message}`,
  noData: 'No trust score data available',
} as const;

export const unlockedTabsSchema = z.lazy(() =>
  z.object({
    firstDegree: z.boolean(),
    secondDegree: z.boolean(),
    thirdDegree: z.boolean(),
  }),
);

export const trustCalculationSchema = z.lazy(() =>
  z.object({
    firstDegreeCount: z.int().check(z.minimum(0)),
    secondDegreeCount: z.int().check(z.minimum(0)),
    firstDegreePoints: z.int().check(z.minimum(0)),
    secondDegreePoints: z.int().check(z.minimum(0)),
    formula: z.string(),
  }),
);

/** `GET /api/trust/me` and `POST /api/trust/recalculate`. */
export const trustReportSchema = z.lazy(() =>
  z.object({
    trustScore: z.int().check(z.minimum(0)),
    calculation: trustCalculationSchema,
    unlockedTabs: unlockedTabsSchema,
    calculatedAt: z.string(),
  }),
);
export type TrustReport = z.infer<typeof trustReportSchema>;

/** Developer page "verify calculations": stored numbers vs an independent plain-SQL count. */
export const trustVerificationSchema = z.lazy(() =>
  z.object({
    stored: z.extend(built(trustCalculationSchema), { trustScore: z.int() }),
    independent: z.extend(built(trustCalculationSchema), { trustScore: z.int() }),
    matches: z.boolean(),
  }),
);
export type TrustVerification = z.infer<typeof trustVerificationSchema>;
