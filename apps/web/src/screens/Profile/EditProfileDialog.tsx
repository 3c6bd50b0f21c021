import {
  BIO_MAX,
  DATING_GOALS,
  datingGoalLabels,
  editProfileSchema,
  GENDERS,
  genderLabels,
  INTEREST_OPTIONS,
  INTERESTED_IN,
  interestedInLabels,
  yearsAgo,
  type DatingGoal,
  type EditProfileInput,
  type Gender,
  type InterestedIn,
  type OwnProfile,
  type PromptAnswer,
} from '@heartline/domain';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { Choice } from '../../components/Choice.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSetCityMutation } from '../../state/queries/places.ts';
import { useEditProfileMutation } from '../../state/queries/profile.ts';
import { CityField, type CityChoice } from './CityField.tsx';
import { PromptsField } from './PromptsField.tsx';

type Form = {
  name: string;
  dob: string;
  datingGoal: DatingGoal;
  interests: string[];
  gender: Gender;
  interestedIn: InterestedIn;
  bio: string;
  city: CityChoice;
  prompts: PromptAnswer[];
};
type Field = keyof Form;
/**
 * By field; the prompts' by the schema's path, as the server names them (`prompts`,
 * `prompts.0.answer`).
 */
type Errors = Partial<Record<string, string>>;

const fieldNames = new Set<string>([
  'name',
  'dob',
  'datingGoal',
  'interests',
  'gender',
  'interestedIn',
  'bio',
  'city',
  'prompts',
]);
const isField = (key: string): key is Field => fieldNames.has(key);
/** The key an error is shown under: a field's name, or a path within the prompts. */
const errorKey = (path: string): string | null =>
  path === 'prompts' || path.startsWith('prompts.') ? path : isField(path) ? path : null;

function formFrom(profile: OwnProfile): Form {
  return {
    name: profile.name ?? '',
    dob: profile.dob ?? '',
    datingGoal: profile.datingGoal,
    interests: profile.interests,
    gender: profile.gender,
    interestedIn: profile.interestedIn,
    bio: profile.bio,
    city: profile.cityId === null ? null : { id: profile.cityId, label: profile.location },
    prompts: profile.prompts,
  };
}

function payloadFrom(form: Form): EditProfileInput {
  return {
    name: form.name,
    dob: form.dob || null,
    datingGoal: form.datingGoal,
    interests: form.interests as EditProfileInput['interests'],
    gender: form.gender,
    interestedIn: form.interestedIn,
    bio: form.bio,
    prompts: form.prompts,
  };
}

/** Field errors by the domain schema, the same rules and texts the server applies (spec/1 §5). */
function validate(form: Form): Errors {
  const result = editProfileSchema.safeParse(payloadFrom(form));
  const errors: Errors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = errorKey(issue.path.map(String).join('.'));
    if (key) errors[key] ??= issue.message;
  }
  return errors;
}

/** The Edit Profile modal (spec/1 §2, DESIGN.md §3.5). */
export function EditProfileDialog({
  profile,
  onClose,
}: {
  profile: OwnProfile;
  onClose: () => void;
}) {
  const [initial] = useState<Form>(() => formFrom(profile));
  const [form, setForm] = useState<Form>(initial);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useEditProfileMutation();
  const setCity = useSetCityMutation();
  const toast = useToast();
  const formId = useId();
  const id = useId();

  const set = <F extends Field>(field: F, value: Form[F]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) =>
      Object.fromEntries(
        Object.entries(e).filter(([key]) => key !== field && !key.startsWith(`${field}.`)),
      ),
    );
    setFormError(null);
  };

  const toggleInterest = (interest: string) =>
    set(
      'interests',
      form.interests.includes(interest)
        ? form.interests.filter((i) => i !== interest)
        : [...form.interests, interest],
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formElement);
      return;
    }
    try {
      await save.mutateAsync(payloadFrom(form));
      // The city has its own endpoint (it sets the location text with the coordinates).
      if (form.city?.id !== (profile.cityId ?? undefined)) {
        await setCity.mutateAsync(form.city?.id ?? null);
      }
      toast.success('Profile updated');
      onClose();
    } catch (error) {
      const fields: Errors = {};
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.fields)) {
          const key = errorKey(path);
          if (key) fields[key] = message;
        }
      }
      setErrors(fields);
      if (Object.keys(fields).length === 0) {
        setFormError(
          error instanceof ApiError && error.status > 0 && error.status < 500
            ? error.message
            : 'Could not save your profile. Please check your connection and try again.',
        );
      }
    }
  };

  // Escape, the backdrop, Close and Cancel all ask first when something was typed (issue 18).
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const requestClose = () => (dirty && !save.isPending ? setConfirmingDiscard(true) : onClose());

  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint ?? null].filter(Boolean).join(' ') ||
    undefined;
  const errorText = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    ) : null;

  return (
    <Dialog
      title="Edit Profile"
      variant="sheet"
      onClose={requestClose}
      footer={
        <div className="dialog__buttons">
          <button type="button" className="btn btn--ghost" onClick={requestClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={save.isPending}
          >
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            Full Name
          </label>
          <input
            id={`${id}-name`}
            className="field__input"
            autoComplete="name"
            value={form.name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            onChange={(e) => set('name', e.target.value)}
          />
          {errorText('name')}
        </div>

        <div className="field">
          <label className="field__label" htmlFor={`${id}-dob`}>
            Date of Birth
          </label>
          <input
            id={`${id}-dob`}
            className="field__input"
            type="date"
            autoComplete="bday"
            min={yearsAgo(100)}
            max={yearsAgo(18)}
            value={form.dob}
            aria-invalid={errors.dob ? true : undefined}
            aria-describedby={describedBy('dob')}
            onChange={(e) => set('dob', e.target.value)}
          />
          {errorText('dob')}
        </div>

        <Choice
          legend="I'm looking for"
          name={`${id}-goal`}
          options={DATING_GOALS}
          labels={datingGoalLabels}
          value={form.datingGoal}
          onChange={(v) => set('datingGoal', v)}
          error={errorText('datingGoal')}
        />

        <fieldset className="field chips-field" aria-describedby={describedBy('interests')}>
          <legend className="field__label">
            Interests <span className="muted">({form.interests.length} selected)</span>
          </legend>
          <div className="chips">
            {INTEREST_OPTIONS.map((interest) => {
              const on = form.interests.includes(interest);
              return (
                <button
                  key={interest}
                  type="button"
                  className="chip"
                  aria-pressed={on}
                  onClick={() => toggleInterest(interest)}
                >
                  {interest}
                </button>
              );
            })}
          </div>
          {errorText('interests')}
        </fieldset>

        <div className="field">
          <label className="field__label" htmlFor={`${id}-gender`}>
            Gender
          </label>
          <select
            id={`${id}-gender`}
            className="field__input"
            value={form.gender}
            aria-invalid={errors.gender ? true : undefined}
            aria-describedby={describedBy('gender')}
            onChange={(e) => set('gender', e.target.value as Gender)}
          >
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {genderLabels[g]}
              </option>
            ))}
          </select>
          {errorText('gender')}
        </div>

        <Choice
          legend="Interested in"
          name={`${id}-interested`}
          options={INTERESTED_IN}
          labels={interestedInLabels}
          value={form.interestedIn}
          onChange={(v) => set('interestedIn', v)}
          error={errorText('interestedIn')}
        />

        <div className="field">
          <label className="field__label" htmlFor={`${id}-bio`}>
            Bio
          </label>
          <textarea
            id={`${id}-bio`}
            className="field__input field__input--area"
            rows={4}
            value={form.bio}
            placeholder="A few words about you"
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={describedBy('bio', `${id}-bio-count`)}
            onChange={(e) => set('bio', e.target.value)}
          />
          <p id={`${id}-bio-count`} className="field__hint field__hint--end">
            {form.bio.length}/{BIO_MAX}
          </p>
          {errorText('bio')}
        </div>

        <PromptsField
          prompts={form.prompts}
          errors={errors}
          onChange={(prompts) => set('prompts', prompts)}
        />

        <CityField
          value={form.city}
          legacy={profile.cityId === null ? profile.location : ''}
          onChange={(city) => set('city', city)}
        />

        {formError && (
          <p className="banner banner--error" role="alert">
            {formError}
          </p>
        )}
      </form>
      {confirmingDiscard && (
        <ConfirmDialog
          title="Discard your changes?"
          confirmLabel="Discard"
          cancelLabel="Keep editing"
          tone="danger"
          onConfirm={async () => onClose()}
          onClose={() => setConfirmingDiscard(false)}
        >
          <p>What you changed in your profile has not been saved.</p>
        </ConfirmDialog>
      )}
    </Dialog>
  );
}

function focusFirstInvalid(form: HTMLFormElement) {
  // After React has rendered the messages and aria-invalid.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
