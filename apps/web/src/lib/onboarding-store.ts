import {
  DATING_GOALS,
  GENDERS,
  INTERESTED_IN,
  type DatingGoal,
  type Gender,
  type InterestedIn,
  type OnboardingProfileInput,
} from '@heartline/domain';
import { storageKeys } from './storage-keys.ts';

export const ONBOARDING_STEPS = 3;
export type OnboardingStep = 1 | 2 | 3;

/** The profile step as typed; '' for a choice not made yet. */
export type OnboardingDraft = {
  name: string;
  dob: string;
  gender: Gender | '';
  interestedIn: InterestedIn | '';
  datingGoal: DatingGoal | '';
};

/** The step's body for the server: the choices made (an older draft may have none). */
export function onboardingInput(draft: OnboardingDraft): OnboardingProfileInput {
  const { name, dob, gender, interestedIn, datingGoal } = draft;
  return {
    name,
    dob,
    ...(gender && { gender }),
    ...(interestedIn && { interestedIn }),
    ...(datingGoal && { datingGoal }),
  };
}

const pick = <T extends string>(options: readonly T[], value: unknown): T | '' =>
  options.find((o) => o === value) ?? '';

/** What this browser remembers of one user's onboarding, so a reload resumes it. */
export type OnboardingRecord = {
  step: OnboardingStep;
  /** The profile step as typed; kept until the server has it. */
  draft: OnboardingDraft | null;
  /** True when the draft was submitted but could not be saved (offline, server error). */
  unsaved: boolean;
};

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A step within 1..3 (spec/1 §4: setting a step directly is allowed only within 1 to 3). */
export function toStep(value: unknown): OnboardingStep | null {
  return value === 1 || value === 2 || value === 3 ? value : null;
}

function parseDraft(value: unknown): OnboardingDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, dob, gender, interestedIn, datingGoal } = value as Record<string, unknown>;
  if (typeof name !== 'string' || typeof dob !== 'string') return null;
  return {
    name,
    dob,
    gender: pick(GENDERS, gender),
    interestedIn: pick(INTERESTED_IN, interestedIn),
    datingGoal: pick(DATING_GOALS, datingGoal),
  };
}

export function readOnboarding(
  store: KeyValueStore | null,
  userId: string,
): OnboardingRecord | null {
  const raw = store?.getItem(storageKeys.onboarding(userId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const step = toStep(value.step);
    if (!step) return null;
    const draft = parseDraft(value.draft);
    return { step, draft, unsaved: draft !== null && value.unsaved === true };
  } catch {
    return null;
  }
}

export function writeOnboarding(
  store: KeyValueStore | null,
  userId: string,
  record: OnboardingRecord,
): void {
  try {
    store?.setItem(storageKeys.onboarding(userId), JSON.stringify(record));
  } catch {
    // A full or disabled storage only costs the resume-after-reload convenience.
  }
}

export function clearOnboarding(store: KeyValueStore | null, userId: string): void {
  store?.removeItem(storageKeys.onboarding(userId));
}
