import { z } from './zod.ts';

/** Every error response body: `{ error: { code, message } }`. */
export const errorBodySchema = z.lazy(() =>
  z.object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.optional(z.record(z.string(), z.string())),
    }),
  }),
);
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The body of an action that has nothing to answer but that it was done. */
export const okSchema = z.lazy(() => z.object({ ok: z.literal(true) }));
export type Ok = z.infer<typeof okSchema>;

export const errorCodes = {
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  gone: 'GONE',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL',
  /** A passing fault (the database connection was lost): retry. */
  unavailable: 'UNAVAILABLE',
  authFailed: 'AUTH_FAILED',
  disabled: 'DISABLED',
  /** A staff route asked for a passkey confirmation younger than 12 hours (issue 47). */
  passkeyRequired: 'PASSKEY_REQUIRED',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
