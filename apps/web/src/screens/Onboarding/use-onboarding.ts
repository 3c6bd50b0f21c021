import { profileMessages, type Me, type OwnProfile } from '@heartline/domain';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, isRetryable } from '../../lib/api.ts';
import {
  clearOnboarding,
  readOnboarding,
  writeOnboarding,
  type OnboardingDraft,
  type OnboardingRecord,
  type OnboardingStep,
} from '../../lib/onboarding-store.ts';
import { safeStorage } from '../../lib/storage-keys.ts';
import { onboardingInput } from './onboarding-draft.ts';
import {
  useCompleteOnboardingMutation,
  useSaveOnboardingProfileMutation,
} from '../../state/queries/profile.ts';

export type SaveOutcome =
  | { kind: 'saved' }
  /** Offline or the server failed: kept on this device, sent at the next chance. */
  | { kind: 'kept' }
  | { kind: 'invalid'; fields: Partial<Record<keyof OnboardingDraft, string>>; message: string };

/**
 * The onboarding flow's state (spec/1 §4): the step, remembered per user so a reload resumes it,
 * and the profile step's data, kept on this device until the server has it.
 */
export function useOnboarding(me: Me, serverProfile: OwnProfile | undefined) {
  const [record, setRecord] = useState<OnboardingRecord | null>(() =>
    readOnboarding(safeStorage('local'), me.id),
  );
  const saveProfile = useSaveOnboardingProfileMutation();
  const complete = useCompleteOnboardingMutation();
  const { mutateAsync: saveProfileAsync } = saveProfile;

  const update = useCallback(
    (next: OnboardingRecord) => {
      setRecord(next);
      writeOnboarding(safeStorage('local'), me.id, next);
    },
    [me.id],
  );

  // Without a record of its own, this device starts where the server's record says.
  const step: OnboardingStep =
    record?.step ?? (serverProfile?.onboarding.profileStepCompleted ? 3 : 1);
  const current: OnboardingRecord = record ?? { step, draft: null, unsaved: false };

  useEffect(() => {
    // Marks the onboarding as started here: the gate keeps this user on it until it is done.
    if (!readOnboarding(safeStorage('local'), me.id)) {
      writeOnboarding(safeStorage('local'), me.id, { step, draft: null, unsaved: false });
    }
  }, [me.id, step]);

  const pending = record?.unsaved && record.draft ? record.draft : null;

  /** Sends the kept profile step; true once the server has it. */
  const flushPending = useCallback(async (): Promise<boolean> => {
    const latest = readOnboarding(safeStorage('local'), me.id);
    if (!latest?.unsaved || !latest.draft) return true;
    try {
      await saveProfileAsync(onboardingInput(latest.draft));
      update({ ...latest, draft: null, unsaved: false });
      return true;
    } catch (error) {
      if (error instanceof ApiError && !isRetryable(error)) {
        // The server refused what was kept (e.g. a birthday that is now invalid): ask again.
        update({ step: 2, draft: latest.draft, unsaved: false });
      }
      return false;
    }
  }, [me.id, saveProfileAsync, update]);

  useEffect(() => {
    if (!pending) return;
    // At the next chance: now (after this render), and whenever the browser is back online.
    const now = setTimeout(() => void flushPending(), 0);
    const onOnline = () => void flushPending();
    window.addEventListener('online', onOnline);
    return () => {
      clearTimeout(now);
      window.removeEventListener('online', onOnline);
    };
  }, [pending, flushPending]);

  const goTo = (next: OnboardingStep) => update({ ...current, step: next });

  const setDraft = (draft: OnboardingDraft) => update({ ...current, draft });

  const submitProfile = async (draft: OnboardingDraft): Promise<SaveOutcome> => {
    try {
      await saveProfile.mutateAsync(onboardingInput(draft));
      update({ step: 3, draft: null, unsaved: false });
      return { kind: 'saved' };
    } catch (error) {
      if (error instanceof ApiError && !isRetryable(error)) {
        return {
          kind: 'invalid',
          message: error.message,
          fields: {
            name: error.fields.name,
            dob: error.fields.dob,
            gender: error.fields.gender,
            interestedIn: error.fields.interestedIn,
            datingGoal: error.fields.datingGoal,
          },
        };
      }
      console.warn(profileMessages.saveFailed, error);
      update({ step: 3, draft, unsaved: true });
      return { kind: 'kept' };
    }
  };

  /** Saves anything kept, then marks onboarding complete; the record is dropped on success. */
  const finish = async (): Promise<boolean> => {
    if (!(await flushPending())) return false;
    try {
      await complete.mutateAsync();
    } catch {
      return false;
    }
    clearOnboarding(safeStorage('local'), me.id);
    setRecord(null);
    return true;
  };

  return {
    step,
    /** The step is this device's record or the server's, not the guess before either came. */
    stepKnown: record !== null || serverProfile !== undefined,
    draft: current.draft,
    saving: saveProfile.isPending,
    completing: complete.isPending,
    goTo,
    setDraft,
    submitProfile,
    finish,
  };
}
