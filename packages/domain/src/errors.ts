import { z } from 'zod';

/** Every error response body: `{ error: { code, message } }`. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

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
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
