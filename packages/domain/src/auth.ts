import { z } from 'zod';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

const email = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const passwordSignUpSchema = z.object({
  email,
  password: z
    .string({ message: 'Password is required' })
    .min(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters` })
    .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` }),
  name: z
    .string()
    .trim()
    .min(2, { message: 'Name must be at least 2 characters' })
    .max(50, { message: 'Name must be less than 50 characters' })
    .optional(),
});
export type PasswordSignUp = z.infer<typeof passwordSignUpSchema>;

export const passwordSignInSchema = z.object({
  email,
  password: z.string({ message: 'Password is required' }).min(1).max(PASSWORD_MAX),
});
export type PasswordSignIn = z.infer<typeof passwordSignInSchema>;

/** Paths the app may return to after sign-in (spec/1 §2: the remembered intended path). */
export const INTENDED_PATHS = [
  'profile',
  'network',
  'chat',
  'settings',
  'discover',
  'onboarding',
] as const;

/** Accepts only same-app relative paths whose first segment is a known screen. */
export function safeIntendedPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.length > 300 || /[\\\s]/.test(value)) return null;
  const first = value.slice(1).split(/[/?#]/)[0] ?? '';
  return (INTENDED_PATHS as readonly string[]).includes(first) ? value : null;
}

export const devAccountCreateSchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(2, { message: 'Name must be at least 2 characters' })
    .max(50, { message: 'Name must be less than 50 characters' }),
  email,
});
