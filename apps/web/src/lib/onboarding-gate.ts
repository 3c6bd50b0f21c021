import { needsOnboarding, type OnboardingProfile } from '@heartline/domain';
import { isPublicPath } from './intended-url.ts';

export const FORCE_ONBOARDING_FLAG = 'force-onboarding';

export function isOnboardingForced(search: string): boolean {
  return new URLSearchParams(search).has(FORCE_ONBOARDING_FLAG);
}

export type OnboardingRedirect = {
  to: string;
  notice: boolean;
  /** Where onboarding ends: the screen asked for (issue 45), never the flag that forced it. */
  remember: string | null;
};

/** Navigation state of a gate redirect that /onboarding answers with its notice. */
export type OnboardingNoticeState = { onboardingNotice: true };

export function hasOnboardingNotice(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Partial<OnboardingNoticeState>).onboardingNotice === true
  );
}

/**
 * Keeps a signed-in user on /onboarding while it is unfinished (spec/1 §2): the server's record
 * says it is needed, or this browser holds an onboarding the user started and has not completed.
 * `?force-onboarding` sends anyone there. `/` and /auth decide their own targets.
 */
export function onboardingRedirect(input: {
  pathname: string;
  search: string;
  me: OnboardingProfile;
  startedHere: boolean;
  today?: Date;
}): OnboardingRedirect | null {
  const { pathname, search, me, startedHere } = input;
  if (pathname === '/onboarding' || pathname === '/' || pathname === '/auth') return null;
  if (isPublicPath(pathname)) return null;
  // Forced: remembering the link would force onboarding again when it ends.
  if (isOnboardingForced(search)) {
    return { to: `/onboarding?${FORCE_ONBOARDING_FLAG}`, notice: false, remember: null };
  }
  const unfinished = needsOnboarding(me, input.today) || (startedHere && !me.onboardingCompleted);
  return unfinished ? { to: '/onboarding', notice: true, remember: pathname + search } : null;
}
