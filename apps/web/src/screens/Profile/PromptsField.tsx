import {
  PROMPT_ANSWER_MAX,
  PROMPT_IDS,
  PROMPTS,
  PROMPTS_MAX,
  promptMessages,
  type PromptAnswer,
  type PromptId,
} from '@heartline/domain';
import { useEffect, useId, useRef, useState } from 'react';

const isPromptId = (value: string): value is PromptId => Object.hasOwn(PROMPTS, value);

/**
 * Edit Profile's prompts (issue 48): up to PROMPTS_MAX answers, each under its prompt, with a
 * live count; "Add a prompt" offers the prompts not used yet. `errors` are keyed by the
 * schema's paths, as the server names them: `prompts` for the list, `prompts.1.answer` for one
 * answer.
 */
export function PromptsField({
  prompts,
  errors,
  onChange,
}: {
  prompts: PromptAnswer[];
  errors: Partial<Record<string, string>>;
  onChange: (prompts: PromptAnswer[]) => void;
}) {
  const id = useId();
  const [choosing, setChoosing] = useState(false);
  const [choice, setChoice] = useState<PromptId | ''>('');
  // After an add, the new answer's box; after a remove, the add button (or the next answer).
  const focusNext = useRef<string | null>(null);
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const selector = focusNext.current;
    if (!selector) return;
    focusNext.current = null;
    group.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  const unused = PROMPT_IDS.filter((p) => !prompts.some((answer) => answer.prompt === p));
  const listError =
    errors.prompts ?? prompts.map((_, i) => errors[`prompts.${i}.prompt`]).find(Boolean);

  const update = (index: number, answer: string) =>
    onChange(prompts.map((p, i) => (i === index ? { ...p, answer } : p)));
  const remove = (index: number) => {
    focusNext.current = '[data-prompt-add], textarea';
    onChange(prompts.filter((_, i) => i !== index));
  };
  const add = () => {
    if (!choice) return;
    focusNext.current = `[data-prompt="${choice}"]`;
    onChange([...prompts, { prompt: choice, answer: '' }]);
    setChoice('');
    setChoosing(false);
  };

  return (
    <fieldset ref={group} className="field prompts-field" aria-describedby={`${id}-hint`}>
      <legend className="field__label">
        {promptMessages.heading}{' '}
        <span className="muted">
          ({prompts.length} of {PROMPTS_MAX})
        </span>
      </legend>
      <p id={`${id}-hint`} className="field__hint">
        {promptMessages.hint}
      </p>

      {prompts.map(({ prompt, answer }, index) => {
        const error = errors[`prompts.${index}.answer`];
        const boxId = `${id}-${prompt}`;
        return (
          <div key={prompt} className="prompt-edit">
            <div className="prompt-edit__head">
              <label className="prompt-edit__prompt" htmlFor={boxId}>
                {PROMPTS[prompt]}
              </label>
              <button
                type="button"
                className="btn btn--text btn--sm prompt-edit__remove"
                aria-label={`${promptMessages.remove}: ${PROMPTS[prompt]}`}
                onClick={() => remove(index)}
              >
                {promptMessages.remove}
              </button>
            </div>
            <textarea
              id={boxId}
              data-prompt={prompt}
              className="field__input field__input--area"
              rows={3}
              value={answer}
              placeholder={promptMessages.answerLabel}
              aria-invalid={error ? true : undefined}
              aria-describedby={[error && `${boxId}-error`, `${boxId}-count`]
                .filter(Boolean)
                .join(' ')}
              onChange={(e) => update(index, e.target.value)}
            />
            <p
              id={`${boxId}-count`}
              className={`field__hint field__hint--end${answer.length > PROMPT_ANSWER_MAX ? ' field__hint--over' : ''}`}
            >
              {answer.length}/{PROMPT_ANSWER_MAX}
            </p>
            {error && (
              <p id={`${boxId}-error`} className="field__error" role="alert">
                {error}
              </p>
            )}
          </div>
        );
      })}

      {prompts.length < PROMPTS_MAX &&
        (choosing ? (
          <div className="prompt-choose">
            <label className="field__label" htmlFor={`${id}-choose`}>
              {promptMessages.choose}
            </label>
            <select
              id={`${id}-choose`}
              className="field__input"
              value={choice}
              autoFocus
              onChange={(e) => setChoice(isPromptId(e.target.value) ? e.target.value : '')}
            >
              <option value="">{promptMessages.choose}…</option>
              {unused.map((p) => (
                <option key={p} value={p}>
                  {PROMPTS[p]}
                </option>
              ))}
            </select>
            <div className="prompt-choose__buttons">
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => {
                  focusNext.current = '[data-prompt-add]';
                  setChoosing(false);
                  setChoice('');
                }}
              >
                Cancel
              </button>
              <button
                type="button"
                className="btn btn--primary btn--sm"
                disabled={!choice}
                onClick={add}
              >
                {promptMessages.addChosen}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="btn btn--ghost btn--sm prompts-field__add"
            data-prompt-add
            onClick={() => setChoosing(true)}
          >
            + {promptMessages.add}
          </button>
        ))}

      {listError && (
        <p className="field__error" role="alert">
          {listError}
        </p>
      )}
    </fieldset>
  );
}
