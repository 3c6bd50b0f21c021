import {
  DATING_GOALS,
  GENDERS,
  INTERESTED_IN,
  type OnboardingProfileInput,
} from '@heartline/domain';
import type { OnboardingDraft } from '../../lib/onboarding-store.ts';

const listed = <T extends string>(options: readonly T[], value: string): T | '' =>
  options.find((o) => o === value) ?? '';

/** A kept draft with only the listed choices (a draft from an older app, or damaged, has none). */
export function cleanDraft(draft: OnboardingDraft): OnboardingDraft {
  return {
    ...draft,
    gender: listed(GENDERS, draft.gender),
    interestedIn: listed(INTERESTED_IN, draft.interestedIn),
    datingGoal: listed(DATING_GOALS, draft.datingGoal),
  };
}

/** The step's body for the server: the choices made. */
export function onboardingInput(draft: OnboardingDraft): OnboardingProfileInput {
  const { name, dob, gender, interestedIn, datingGoal } = cleanDraft(draft);
  return {
    name,
    dob,
    ...(gender && { gender }),
    ...(interestedIn && { interestedIn }),
    ...(datingGoal && { datingGoal }),
  };
}
