import { z } from './zod.ts';
import { safeText } from './text.ts';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

const email = z.lazy(() =>
  z.pipe(
    z.string({ message: 'Email is required' }).check(z.trim(), z.toLowerCase()),
    z.email({ message: 'Enter a valid email address' }),
  ),
);

export const passwordSignUpSchema = z.lazy(() =>
  z.object({
    email,
    password: z.string({ message: 'Password is required' }).check(
      z.minLength(PASSWORD_MIN, {
        message: `Password must be at least ${PASSWORD_MIN} characters`,
      }),
      z.maxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` }),
    ),
    name: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(2, { message: 'Name must be at least 2 characters' }),
          z.maxLength(50, { message: 'Name must be less than 50 characters' }),
          z.superRefine(safeText('Name', 'name')),
        ),
    ),
  }),
);
export type PasswordSignUp = z.infer<typeof passwordSignUpSchema>;

/**
 * The one answer to a password sign-up, whether the address was new or already had an
 * account (so sign-up does not reveal who has one); no session comes with it.
 */
export const passwordSignUpAccepted =
  'Thanks! Now sign in with your email and password. If this email already had an account, its password has not changed.';

/** Sign-up refuses a password on the list of common and breached ones (issue 18). */
export const passwordTooCommon = 'This password is too common. Please choose another.';

export const passwordSignInSchema = z.lazy(() =>
  z.object({
    email,
    password: z
      .string({ message: 'Password is required' })
      .check(z.minLength(1), z.maxLength(PASSWORD_MAX)),
  }),
);
export type PasswordSignIn = z.infer<typeof passwordSignInSchema>;

export const devAccountCreateSchema = z.lazy(() =>
  z.object({
    name: z
      .string({ message: 'Name is required' })
      .check(
        z.trim(),
        z.minLength(2, { message: 'Name must be at least 2 characters' }),
        z.maxLength(50, { message: 'Name must be less than 50 characters' }),
        z.superRefine(safeText('Name', 'name')),
      ),
    email,
  }),
);
