/** User-facing texts taken from the specification (spec/1 §8 and friends). */
export const authMessages = {
  signInFailed: 'Sign in failed',
  signUpFailed: 'Sign up failed',
  googleSignInFailed: 'Google sign in failed',
  googleAuthFailed: 'Google authentication failed',
  authFailedTryAgain: 'Authentication failed. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  googleSignInFailedTryAgain: 'Google sign-in failed. Please try again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  notSignedIn: 'You need to sign in to continue.',
} as const;

/** Messages for the `error` query parameter on /auth. */
export const authErrorQueryMessages: Record<string, string> = {
  callback_failed: 'Authentication callback failed. Please try again.',
  no_session: 'No session was created. Please try signing in again.',
  exception: 'An error occurred during authentication. Please try again.',
  /** A first sign-in by a person whose earlier account was banned (issue 47, ban evasion). */
  banned: 'This account cannot be created: an account of yours was banned.',
};

export function authErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return authErrorQueryMessages[code] ?? authMessages.authFailedTryAgain;
}

export const shellMessages = {
  pleaseWait: 'Please Wait',
  navigationDisabled: 'Navigation is temporarily disabled',
  restarting: 'Restarting...',
  unexpectedError: 'Unexpected Application Error!',
  /** spec/3 §8: the session could not be looked up (the server unreachable). */
  userDataError: 'System error loading user data',
  userDataErrorText: 'Your account could not be loaded. Check your connection and try again.',
  /** On the sign-in screen right after a deletion (issue 45: it ended on a bare screen). */
  accountDeleted: 'Your account has been deleted, with everything stored in it.',
  settingUp: 'Setting up your experience...',
  initializing: 'Initializing',
  authenticating: 'Authenticating...',
  connecting: 'Connecting...',
  welcomeHeading: (product: string) => `Welcome to ${product}`,
  signInSubtitle: 'Sign in with Google to continue',
  continueWithGoogle: 'Continue with Google',
} as const;

export const errorMessages = {
  badRequest: 'The request was not valid.',
  notFound: 'Not found',
  forbiddenOrigin: 'Cross-site requests are not allowed.',
  unauthorized: 'You need to sign in to continue.',
  rateLimited: 'Too many requests. Please wait and try again.',
  internal: 'Something went wrong. Please try again.',
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const;
