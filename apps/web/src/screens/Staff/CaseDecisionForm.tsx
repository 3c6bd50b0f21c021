import {
  CASE_DECISION_KINDS,
  caseDecisionLabels,
  caseTexts,
  DISMISS_REASONS,
  dismissReasonLabels,
  MODERATION_REASONS,
  moderationReasonLabels,
  SUSPENSION_DAYS,
  type CaseDecisionInput,
  type CaseDecisionKind,
  type CaseView,
} from '@heartline/domain';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useDecideCaseMutation } from '../../state/queries/staff.ts';
import {
  caseErrorText,
  decisionBody,
  takesDismissReason,
  type DecisionDraft,
} from './staff-view.ts';
import { FormEnd } from './FormEnd.tsx';

const initial: DecisionDraft = { kind: null, reason: '', days: 7, message: '' };

/**
 * The decision on an open case: dismissed with its reason, or an action on the person with a
 * reason from the Terms' list and a message they read. A suspension or a ban asks first.
 */
export function CaseDecisionForm({ view, name }: { view: CaseView; name: string }) {
  const decide = useDecideCaseMutation(view.id);
  const toast = useToast();
  const [draft, setDraft] = useState<DecisionDraft>(initial);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<CaseDecisionInput | null>(null);
  const id = useId();
  // The server dismisses a case whose account is gone, whatever is asked: only that is offered.
  const kinds: readonly CaseDecisionKind[] = view.person ? CASE_DECISION_KINDS : ['dismiss'];
  const dismissing = takesDismissReason(draft.kind);

  const set = (next: Partial<DecisionDraft>) => {
    setDraft((d) => {
      const merged = { ...d, ...next };
      // The reasons differ between a dismissal and an action: a choice of the other list goes.
      if (takesDismissReason(merged.kind) !== takesDismissReason(d.kind)) merged.reason = '';
      return merged;
    });
    setError(null);
  };

  const send = (body: CaseDecisionInput) =>
    decide.mutateAsync(body, {
      onSuccess: () => toast.success(caseTexts.decided),
      onError: (err) => setError(caseErrorText(err)),
    });
  // Sent: the form stays busy until the case, read again, shows the decision in its place.
  const busy = decide.isPending || decide.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = decisionBody(draft);
    if (checked.error !== undefined) {
      setError(checked.error);
      return;
    }
    setError(null);
    if (checked.body.kind === 'ban' || checked.body.kind === 'suspend') setConfirming(checked.body);
    else void send(checked.body).catch(() => undefined);
  };

  return (
    <>
      <form
        className="staff-form case-decision"
        onSubmit={submit}
        noValidate
        aria-labelledby={`${id}-title`}
      >
        <h4 id={`${id}-title`} className="case__subtitle">
          {caseTexts.decisionTitle}
        </h4>
        {!view.person && <p className="muted">{caseTexts.onlyDismiss}</p>}
        <fieldset className="segmented">
          <legend className="segmented__legend">{caseTexts.decisionLegend}</legend>
          <div className="segmented__options case-decision__kinds">
            {kinds.map((kind) => (
              <label key={kind} className="segmented__option">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={kind}
                  checked={draft.kind === kind}
                  onChange={() => set({ kind })}
                />
                {caseDecisionLabels[kind]}
              </label>
            ))}
          </div>
        </fieldset>
        {draft.kind === 'suspend' && (
          <fieldset className="segmented">
            <legend className="segmented__legend">{caseTexts.daysLegend}</legend>
            <div className="segmented__options">
              {SUSPENSION_DAYS.map((days) => (
                <label key={days} className="segmented__option">
                  <input
                    type="radio"
                    name={`${id}-days`}
                    value={days}
                    checked={draft.days === days}
                    onChange={() => set({ days })}
                  />
                  {caseTexts.days(days)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-reason`}>
            {caseTexts.reasonLabel}
          </label>
          <select
            id={`${id}-reason`}
            className="field__input"
            value={draft.reason}
            aria-describedby={dismissing ? undefined : `${id}-reason-hint`}
            onChange={(e) => set({ reason: e.target.value })}
          >
            <option value="">{caseTexts.reasonPlaceholder}</option>
            {dismissing
              ? DISMISS_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {dismissReasonLabels[reason]}
                  </option>
                ))
              : MODERATION_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {moderationReasonLabels[reason]}
                  </option>
                ))}
          </select>
          {!dismissing && (
            <p id={`${id}-reason-hint`} className="field__hint">
              {caseTexts.reasonHintAction}
            </p>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-message`}>
            {dismissing ? caseTexts.messageLabelDismiss : caseTexts.messageLabelAction}
          </label>
          <textarea
            id={`${id}-message`}
            className="field__input field__input--area"
            rows={3}
            value={draft.message}
            aria-describedby={dismissing ? `${id}-message-hint` : undefined}
            onChange={(e) => set({ message: e.target.value })}
          />
          {dismissing && (
            <p id={`${id}-message-hint`} className="field__hint">
              {caseTexts.messageHintDismiss}
            </p>
          )}
        </div>
        <FormEnd
          error={error}
          busy={busy}
          label={caseTexts.sendDecision}
          busyLabel={caseTexts.sending}
        />
      </form>
      {confirming && (
        <ConfirmDialog
          title={
            confirming.kind === 'suspend'
              ? caseTexts.confirmSuspendTitle(name, confirming.days)
              : caseTexts.confirmBanTitle(name)
          }
          confirmLabel={
            confirming.kind === 'suspend' ? caseTexts.confirmSuspend : caseTexts.confirmBan
          }
          tone="danger"
          onClose={() => setConfirming(null)}
          onConfirm={() => send(confirming)}
        >
          <p>
            {confirming.kind === 'suspend'
              ? caseTexts.confirmSuspendText
              : caseTexts.confirmBanText}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
