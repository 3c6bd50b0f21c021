import {
  AGE_MAX,
  AGE_MIN,
  DATING_GOALS,
  DISCOVER_AGE_WINDOW_YEARS,
  DISTANCE_CHOICES_KM,
  datingGoalLabels,
  discoverFilterMessages as t,
  type DatingGoal,
  type Settings,
} from '@heartline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { Choice } from '../../components/Choice.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { reloadDiscover } from '../../state/queries/discover.ts';
import { useEditProfileMutation, useOwnProfileQuery } from '../../state/queries/profile.ts';
import { useSettingsQuery, useUpdateSettingsMutation } from '../../state/queries/settings.ts';

type Draft = { ageMin: string; ageMax: string; maxKm: string; goal: DatingGoal | '' };

const ANY = 'any';

/** A whole number typed into an age box, or null for empty; NaN for anything else. */
function ageOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The age range's problem, in the server's words, or null. */
export function ageRangeError(min: number | null, max: number | null): string | null {
  const bad = (n: number | null) =>
    n !== null && (!Number.isInteger(n) || n < AGE_MIN || n > AGE_MAX);
  if (bad(min) || bad(max)) return t.invalidAge;
  if (min !== null && max !== null && min > max) return t.minAboveMax;
  return null;
}

/**
 * Discover's filters (issue 48): the age range, the farthest distance between cities and what
 * one is looking for (the profile's own choice, which decides who meets whom). Saved on the
 * server, which applies them; the deck is read again after a save.
 */
export function DiscoverFilters({ onClose }: { onClose: () => void }) {
  const settings = useSettingsQuery();
  const profile = useOwnProfileQuery();
  const saveSettings = useUpdateSettingsMutation();
  const saveProfile = useEditProfileMutation();
  const queryClient = useQueryClient();
  const toast = useToast();
  const id = useId();
  const discover: Settings['discover'] | undefined = settings.data?.discover;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current: Draft = draft ?? {
    ageMin: discover?.ageMin == null ? '' : String(discover.ageMin),
    ageMax: discover?.ageMax == null ? '' : String(discover.ageMax),
    maxKm: discover?.maxDistanceKm == null ? ANY : String(discover.maxDistanceKm),
    goal: profile.data?.datingGoal ?? '',
  };
  const change = (patch: Partial<Draft>) => {
    setError(null);
    setDraft({ ...current, ...patch });
  };
  const age = profile.data?.age ?? null;
  const defaults =
    age === null
      ? null
      : {
          min: Math.max(AGE_MIN, age - DISCOVER_AGE_WINDOW_YEARS),
          max: Math.min(AGE_MAX, age + DISCOVER_AGE_WINDOW_YEARS),
        };
  const hasCity = profile.data?.cityId != null;
  const busy = saveSettings.isPending || saveProfile.isPending;

  const submit = async () => {
    const ageMin = ageOf(current.ageMin);
    const ageMax = ageOf(current.ageMax);
    const problem = ageRangeError(ageMin, ageMax);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await saveSettings.mutateAsync({
        discover: {
          ageMin,
          ageMax,
          maxDistanceKm: current.maxKm === ANY ? null : Number(current.maxKm),
        },
      });
      if (current.goal && current.goal !== profile.data?.datingGoal) {
        await saveProfile.mutateAsync({ datingGoal: current.goal });
      }
      await reloadDiscover(queryClient);
      toast.success(t.saved);
      onClose();
    } catch (err) {
      setError(err instanceof ApiError && err.status < 500 ? err.message : t.saveFailed);
    }
  };

  const reset = () => change({ ageMin: '', ageMax: '', maxKm: ANY });

  const footer = (
    <div className="dfilters__buttons">
      <button type="button" className="btn btn--ghost" onClick={reset} disabled={busy}>
        {t.reset}
      </button>
      <button
        type="submit"
        form={`${id}-form`}
        className="btn btn--primary"
        disabled={busy || !settings.data}
      >
        {t.save}
      </button>
    </div>
  );

  return (
    <Dialog title={t.title} onClose={onClose} footer={footer} variant="sheet">
      <form
        id={`${id}-form`}
        className="dfilters"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="dfilters__group" aria-describedby={`${id}-ages-hint`}>
          <legend className="field__label">{t.ageRange}</legend>
          <div className="dfilters__ages">
            <label className="dfilters__age">
              <span>{t.minAge}</span>
              <input
                className="field__input"
                inputMode="numeric"
                name="ageMin"
                value={current.ageMin}
                placeholder={defaults ? String(defaults.min) : String(AGE_MIN)}
                onChange={(event) => change({ ageMin: event.target.value })}
                aria-invalid={error ? true : undefined}
              />
            </label>
            <span aria-hidden="true">–</span>
            <label className="dfilters__age">
              <span>{t.maxAge}</span>
              <input
                className="field__input"
                inputMode="numeric"
                name="ageMax"
                value={current.ageMax}
                placeholder={defaults ? String(defaults.max) : String(AGE_MAX)}
                onChange={(event) => change({ ageMax: event.target.value })}
                aria-invalid={error ? true : undefined}
              />
            </label>
          </div>
          <p id={`${id}-ages-hint`} className="muted dfilters__hint">
            {defaults ? t.defaultAges(defaults.min, defaults.max) : null}
          </p>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </fieldset>

        <div className="field">
          <label className="field__label" htmlFor={`${id}-distance`}>
            {t.distance}
          </label>
          <select
            id={`${id}-distance`}
            className="field__input"
            value={current.maxKm}
            disabled={!hasCity}
            aria-describedby={hasCity ? undefined : `${id}-distance-hint`}
            onChange={(event) => change({ maxKm: event.target.value })}
          >
            <option value={ANY}>{t.anyDistance}</option>
            {DISTANCE_CHOICES_KM.map((km) => (
              <option key={km} value={String(km)}>
                {t.km(km)}
              </option>
            ))}
          </select>
          {!hasCity && (
            <p id={`${id}-distance-hint`} className="muted dfilters__hint">
              {t.needsCity}
            </p>
          )}
        </div>

        <Choice
          legend={t.lookingFor}
          name={`${id}-goal`}
          options={DATING_GOALS}
          labels={datingGoalLabels}
          value={current.goal}
          onChange={(goal) => change({ goal })}
          error={null}
        />
      </form>
    </Dialog>
  );
}
