import { caseTexts, type CaseView } from '@heartline/domain';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { useAddCaseNoteMutation } from '../../state/queries/staff.ts';
import {
  auditActionLabel,
  byGravity,
  caseErrorText,
  formatDateTime,
  moderationReasonLabel,
  noteError,
  reasonLabel,
} from './staff-view.ts';
import { FormEnd } from './FormEnd.tsx';

/** The person's other cases and every action staff took on them, newest first. */
export function CaseHistory({ view }: { view: CaseView }) {
  const id = useId();
  const { cases, actions } = view.history;
  return (
    <section className="case__section" aria-labelledby={id}>
      <h4 id={id} className="case__subtitle">
        {caseTexts.historyTitle}
      </h4>
      <h5 className="case-report__label">{caseTexts.actionsTitle}</h5>
      {actions.length === 0 ? (
        <p className="muted">{caseTexts.noActions}</p>
      ) : (
        <ul className="case-history" aria-label={caseTexts.actionsTitle}>
          {actions.map((action) => (
            <li key={action.id} className="case-history__item">
              <p>
                <strong>{auditActionLabel(action.kind)}</strong>:{' '}
                {moderationReasonLabel(action.reason)}
              </p>
              <p className="muted case-history__meta">
                {formatDateTime(action.createdAt)}
                {action.staffName && ` ${caseTexts.actionBy(action.staffName)}`}
                {action.endsAt && ` · ${caseTexts.actionEnds(formatDateTime(action.endsAt))}`}
                {action.overturnedAt &&
                  ` · ${caseTexts.actionOverturned(formatDateTime(action.overturnedAt))}`}
              </p>
              {action.message && <p className="staff-quote">{action.message}</p>}
            </li>
          ))}
        </ul>
      )}
      <h5 className="case-report__label">{caseTexts.otherCases}</h5>
      {cases.length === 0 ? (
        <p className="muted">{caseTexts.noOtherCases}</p>
      ) : (
        <ul className="case-history" aria-label={caseTexts.otherCases}>
          {cases.map((other) => (
            <li key={other.id} className="case-history__item">
              <p>
                <strong>
                  {other.status === 'open' || !other.outcome
                    ? caseTexts.statusOpen
                    : caseTexts.outcomeLabels[other.outcome]}
                </strong>
                : {byGravity(other.reasons).map(reasonLabel).join(', ')}
              </p>
              <p className="muted case-history__meta">
                {caseTexts.openedOn(formatDateTime(other.openedAt))}
                {other.closedAt && ` · ${caseTexts.closedOn(formatDateTime(other.closedAt))}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Staff notes on the case (staff only), oldest first, and a form to add one. */
export function CaseNotes({ view }: { view: CaseView }) {
  const id = useId();
  const add = useAddCaseNoteMutation(view.id);
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's rule and text (caseNoteInputSchema): nothing is sent that it would refuse.
    const wrong = noteError(text);
    setError(wrong);
    if (wrong) return;
    add.mutate(text.trim(), {
      onSuccess: () => {
        toast.success(caseTexts.noteAdded);
        setText('');
      },
      onError: (err) => setError(caseErrorText(err)),
    });
  };

  return (
    <section className="case__section" aria-labelledby={id}>
      <h4 id={id} className="case__subtitle">
        {caseTexts.notesTitle}
      </h4>
      {view.notes.length === 0 ? (
        <p className="muted">{caseTexts.noNotes}</p>
      ) : (
        <ol className="case-history" aria-label={caseTexts.notesTitle}>
          {view.notes.map((note) => (
            <li key={note.id} className="case-history__item">
              <p className="muted case-history__meta">
                {note.staffName ?? caseTexts.unknownStaff} · {formatDateTime(note.createdAt)}
              </p>
              <p className="case__text case__prewrap">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="staff-form" onSubmit={submit} noValidate aria-label={caseTexts.noteForm}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-note`}>
            {caseTexts.noteLabel}
          </label>
          <textarea
            id={`${id}-note`}
            className="field__input field__input--area"
            rows={3}
            value={text}
            aria-invalid={error !== null || undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
          <p id={`${id}-hint`} className="field__hint">
            {caseTexts.noteHint} {caseTexts.noteCount(text.trim().length)}
          </p>
        </div>
        <FormEnd
          error={error}
          errorId={`${id}-error`}
          busy={add.isPending}
          label={caseTexts.addNote}
          busyLabel={caseTexts.addingNote}
          tone="ghost"
        />
      </form>
    </section>
  );
}
