import { AGE_MAX, AGE_MIN, exactAgeOn } from './age.ts';

export type OnboardingProfile = {
  name: string | null;
  email: string | null;
  dob: string | null;
  onboardingCompleted: boolean;
};

/**
 * spec/1 §4 "Onboarding need": needed while the name or birthdate is missing or out of range,
 * or while they still look like placeholders: the name equals the e-mail's local part and
 * the birthdate sits about 25 years back (the old product's default).
 */
export function needsOnboarding(p: OnboardingProfile, today: Date = new Date()): boolean {
  if (p.onboardingCompleted) return false;
  const name = p.name?.trim() ?? '';
  if (!name || !p.dob) return true;
  const age = exactAgeOn(p.dob, today);
  if (age === null || age < AGE_MIN || age > AGE_MAX) return true;
  const emailPrefix = p.email?.split('@')[0]?.toLowerCase() ?? '';
  const dobYear = Number(p.dob.slice(0, 4));
  const placeholderDob = Math.abs(today.getUTCFullYear() - 25 - dobYear) <= 1;
  return placeholderDob && emailPrefix !== '' && name.toLowerCase() === emailPrefix;
}

/** Texts about onboarding that other features show (profile, invitations). */
export const onboardingMessages = {
  completeFirst: 'Please complete onboarding first',
} as const;

/** Where a signed-in user lands (spec/1 §4): the profile once onboarding is not needed. */
export function landingPathFor(me: OnboardingProfile, today: Date = new Date()): string {
  return needsOnboarding(me, today) ? '/onboarding' : '/profile';
}
