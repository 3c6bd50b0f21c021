import {
  birthdateError,
  DATING_GOALS,
  datingGoalLabels,
  GENDERS,
  genderLabels,
  INTERESTED_IN,
  interestedInLabels,
  nameError,
  NAME_MAX,
  profileMessages,
  type Gender,
} from '@heartline/domain';
import { useId, useState, type FormEvent } from 'react';
import { Choice } from '../../components/Choice.tsx';
import { ArrowLeftIcon } from '../../components/Icons.tsx';
import { localIsoDate } from '../../lib/format.ts';
import type { OnboardingDraft } from '../../lib/onboarding-store.ts';
import type { SaveOutcome } from './use-onboarding.ts';
import { useToastClearance } from '../../lib/toast-clearance.ts';

type Errors = Partial<Record<keyof OnboardingDraft, string>>;

/**
 * Onboarding step 2: full name and birthdate (spec/1 §2, rules of §5), and the choices that
 * decide who sees whom in Discover (issue 48): gender, interested in, looking for. Each must be
 * chosen; nothing is decided for the person.
 */
export function ProfileStep({
  initial,
  saving,
  onChange,
  onBack,
  onSubmit,
}: {
  initial: OnboardingDraft;
  saving: boolean;
  onChange: (draft: OnboardingDraft) => void;
  onBack: () => void;
  onSubmit: (draft: OnboardingDraft) => Promise<SaveOutcome>;
}) {
  const submitButton = useToastClearance<HTMLButtonElement>();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const nameId = useId();
  const dobId = useId();
  const today = localIsoDate(new Date());

  const genderId = useId();
  const choiceId = useId();
  const change = <K extends keyof OnboardingDraft>(field: K, value: OnboardingDraft[K]) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
    onChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const name = nameError(draft.name);
    const dob = birthdateError(draft.dob);
    if (name) found.name = name;
    if (dob) found.dob = dob;
    if (!draft.gender) found.gender = profileMessages.invalidGender;
    if (!draft.interestedIn) found.interestedIn = profileMessages.invalidInterestedIn;
    if (!draft.datingGoal) found.datingGoal = profileMessages.invalidLookingFor;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await onSubmit({ ...draft, name: draft.name.trim() });
    if (outcome.kind === 'invalid') {
      setErrors(outcome.fields);
      if (!Object.values(outcome.fields).some(Boolean)) setFormError(outcome.message);
    }
  };

  // Empty, not blank: a name of only spaces gets its own message ('Name is required').
  const empty = draft.name === '' || !draft.dob;

  return (
    <form className="onboarding__form" noValidate onSubmit={(e) => void submit(e)}>
      <div className="onboarding__step-header">
        <button type="button" className="icon-btn" aria-label="Back" onClick={onBack}>
          <ArrowLeftIcon size={22} />
        </button>
      </div>
      <h1 id="onboarding-title" className="onboarding__title">
        Set Up Your Profile
      </h1>
      <p className="muted">This is how people you know will recognise you.</p>

      <div className="field">
        <label className="field__label" htmlFor={nameId}>
          Full name
        </label>
        <input
          id={nameId}
          className="field__input"
          name="name"
          autoComplete="name"
          maxLength={NAME_MAX + 20}
          value={draft.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          onChange={(e) => change('name', e.target.value)}
        />
        {errors.name && (
          <p id={`${nameId}-error`} className="field__error" role="alert">
            {errors.name}
          </p>
        )}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={dobId}>
          Birthdate
        </label>
        <input
          id={dobId}
          className="field__input"
          name="dob"
          type="date"
          autoComplete="bday"
          max={today}
          value={draft.dob}
          aria-invalid={errors.dob ? true : undefined}
          aria-describedby={errors.dob ? `${dobId}-error` : `${dobId}-hint`}
          onChange={(e) => change('dob', e.target.value)}
        />
        {errors.dob ? (
          <p id={`${dobId}-error`} className="field__error" role="alert">
            {errors.dob}
          </p>
        ) : (
          <p id={`${dobId}-hint`} className="field__hint">
            You must be 18 or older. Only your age is shown to others.
          </p>
        )}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={genderId}>
          Gender
        </label>
        <select
          id={genderId}
          className="field__input"
          name="gender"
          value={draft.gender}
          aria-invalid={errors.gender ? true : undefined}
          aria-describedby={errors.gender ? `${genderId}-error` : undefined}
          onChange={(e) => change('gender', GENDERS.find((g) => g === e.target.value) ?? '')}
        >
          <option value="" disabled>
            Choose…
          </option>
          {GENDERS.map((g: Gender) => (
            <option key={g} value={g}>
              {genderLabels[g]}
            </option>
          ))}
        </select>
        {errors.gender && (
          <p id={`${genderId}-error`} className="field__error" role="alert">
            {errors.gender}
          </p>
        )}
      </div>

      <Choice
        legend="Interested in"
        name={`${choiceId}-interested`}
        options={INTERESTED_IN}
        labels={interestedInLabels}
        value={draft.interestedIn}
        onChange={(v) => change('interestedIn', v)}
        errorId={errors.interestedIn ? `${choiceId}-interested-error` : undefined}
        error={
          errors.interestedIn && (
            <p id={`${choiceId}-interested-error`} className="field__error" role="alert">
              {errors.interestedIn}
            </p>
          )
        }
      />

      <Choice
        legend="I'm looking for"
        name={`${choiceId}-goal`}
        options={DATING_GOALS}
        labels={datingGoalLabels}
        value={draft.datingGoal}
        onChange={(v) => change('datingGoal', v)}
        errorId={errors.datingGoal ? `${choiceId}-goal-error` : undefined}
        error={
          errors.datingGoal && (
            <p id={`${choiceId}-goal-error`} className="field__error" role="alert">
              {errors.datingGoal}
            </p>
          )
        }
      />

      {formError && (
        <p className="banner banner--error" role="alert">
          {formError}
        </p>
      )}

      <button
        ref={submitButton}
        type="submit"
        className="btn btn--primary btn--block"
        disabled={saving || empty}
        aria-busy={saving || undefined}
      >
        {saving && <span className="spinner spinner--sm spinner--on-brand" aria-hidden="true" />}
        Continue
      </button>
    </form>
  );
}
