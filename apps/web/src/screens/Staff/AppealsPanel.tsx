import type { OpenAppeal } from '@heartline/domain';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { ApiError } from '../../lib/api.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useDecideAppealMutation, useOpenAppealsQuery } from '../../state/queries/staff.ts';
import { PanelError } from './PanelError.tsx';
import {
  appealedDecision,
  decisionErrorText,
  formatDateTime,
  personName,
  staffTexts,
} from './staff-view.ts';
import { FormEnd } from './FormEnd.tsx';

/** Open appeals, oldest first, each decided here: upheld or overturned, with a reason. */
export function AppealsPanel() {
  const appeals = useOpenAppealsQuery();
  return (
    <section className="staff-panel" aria-labelledby="staff-appeals">
      <h2 id="staff-appeals" className="staff-panel__title">
        Appeals
      </h2>
      {appeals.isPending && <PageLoading label="Loading appeals..." />}
      {appeals.isError && (
        <PanelError error={appeals.error} onRetry={() => appeals.refetch()} what="appeals" />
      )}
      {appeals.isSuccess && appeals.data.length === 0 && (
        <p className="card card--note muted">No open appeals. New ones show here, oldest first.</p>
      )}
      {appeals.isSuccess && appeals.data.length > 0 && (
        <ol className="staff-list">
          {appeals.data.map((appeal) => (
            <li key={appeal.id}>
              <AppealCard appeal={appeal} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function AppealCard({ appeal }: { appeal: OpenAppeal }) {
  const titleId = useId();
  return (
    <article className="card staff-card" aria-labelledby={titleId}>
      <header className="staff-card__header">
        <h3 id={titleId} className="staff-card__title">
          {personName(appeal.name, appeal.userId)}
        </h3>
        {appeal.userId && <p className="staff-id">{appeal.userId}</p>}
      </header>
      <dl className="staff-facts">
        <div>
          <dt>Decision</dt>
          <dd>{appealedDecision(appeal)}</dd>
        </div>
        <div>
          <dt>Decided</dt>
          <dd>{formatDateTime(appeal.actedAt)}</dd>
        </div>
        {appeal.message && (
          <div className="staff-facts__wide">
            <dt>Message to the person</dt>
            <dd className="staff-quote">{appeal.message}</dd>
          </div>
        )}
        <div className="staff-facts__wide">
          <dt>Their appeal, {formatDateTime(appeal.createdAt)}</dt>
          <dd className="staff-quote">{appeal.text}</dd>
        </div>
      </dl>
      <DecisionForm appeal={appeal} />
    </article>
  );
}

type Decision = 'upheld' | 'overturned';

function DecisionForm({ appeal }: { appeal: OpenAppeal }) {
  const decide = useDecideAppealMutation(appeal.id);
  const toast = useToast();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Whether the server named the reason as what is wrong (its `fields`), to mark the box.
  const [reasonWrong, setReasonWrong] = useState(false);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setReasonWrong(false);
    // The server checks the decision and the reason, and its texts say what is missing.
    decide.mutate(
      { decision: decision ?? undefined, reason },
      {
        onSuccess: () => toast.success(staffTexts.decisionSent),
        onError: (err) => {
          setError(decisionErrorText(err));
          setReasonWrong(err instanceof ApiError && 'reason' in err.fields);
        },
      },
    );
  };

  return (
    <form className="staff-form" onSubmit={submit} noValidate aria-label="Decide the appeal">
      <fieldset className="segmented">
        <legend className="segmented__legend">Decision on the appeal</legend>
        <div className="segmented__options staff-form__two">
          {(
            [
              ['upheld', 'Uphold'],
              ['overturned', 'Overturn'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="segmented__option">
              <input
                type="radio"
                name={`${id}-decision`}
                value={value}
                checked={decision === value}
                onChange={() => setDecision(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-reason`}>
          Reason the person reads
        </label>
        <textarea
          id={`${id}-reason`}
          className="field__input field__input--area"
          rows={3}
          maxLength={2000}
          value={reason}
          aria-invalid={reasonWrong || undefined}
          aria-describedby={reasonWrong ? `${id}-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <FormEnd
        error={error}
        errorId={`${id}-error`}
        busy={decide.isPending}
        label="Send decision"
        busyLabel="Sending..."
      />
    </form>
  );
}
