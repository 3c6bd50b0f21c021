// Types only from the domain package: this file is in the entry chunk, which must not reach the
// schema modules (e2e/build.spec.ts). The choices are checked against their lists in the
// onboarding screen's own code (screens/Onboarding/onboarding-draft.ts).
import type { DatingGoal, Gender, InterestedIn } from '@heartline/domain';
import { storageKeys } from './storage-keys.ts';

export const ONBOARDING_STEPS = 3;
export type OnboardingStep = 1 | 2 | 3;

/** The profile step as typed; '' for a choice not made yet (see `cleanDraft`). */
export type OnboardingDraft = {
  name: string;
  dob: string;
  gender: Gender | '';
  interestedIn: InterestedIn | '';
  datingGoal: DatingGoal | '';
};

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
    // As stored; `cleanDraft` keeps only the listed choices.
    gender: (typeof gender === 'string' ? gender : '') as Gender | '',
    interestedIn: (typeof interestedIn === 'string' ? interestedIn : '') as InterestedIn | '',
    datingGoal: (typeof datingGoal === 'string' ? datingGoal : '') as DatingGoal | '',
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
