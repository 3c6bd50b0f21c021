import {
  errorMessages,
  relationMessages,
  REPORT_REASONS,
  reportReasonLabels,
} from '@heartline/domain';
import { useId, useState } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useBlockMutation, useReportMutation } from '../../state/queries/network.ts';
import {
  reportInput,
  reportThenBlock,
  type ActionTarget,
  type ReportContext,
  type ReportReason,
} from './person-actions.ts';

type ReportDialogProps = {
  person: ActionTarget;
  name: string;
  context: ReportContext;
  messageIds: readonly string[];
  onClose: () => void;
  /** The report is in; `blocked` when "Also block" blocked them too. */
  onDone: (blocked: boolean) => void;
};

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : errorMessages.internal;

/**
 * A report (spec/2 §2, handled confidentially): a reason, optional details, and the offer to
 * block at once (report first, then block, with the block's own text beside the box).
 */
export function ReportDialog({
  person,
  name,
  context,
  messageIds,
  onClose,
  onDone,
}: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  const report = useReportMutation();
  const block = useBlockMutation();
  const toast = useToast();
  const detailsId = useId();
  const blockHintId = useId();

  const submit = async () => {
    if (!reason) return;
    try {
      const outcome = await reportThenBlock(name, {
        report: () =>
          report.mutateAsync(
            reportInput({ userId: person.userId, reason, context, details, messageIds }),
          ),
        block: alsoBlock ? () => block.mutateAsync(person.userId) : null,
      });
      toast.success(outcome.message);
      if (outcome.kind === 'block-failed') toast.error(errorText(outcome.error));
      onDone(outcome.kind === 'reported-and-blocked');
    } catch (error) {
      toast.error(errorText(error));
      throw error;
    }
  };

  return (
    <ConfirmDialog
      title={relationMessages.reportTitle(name)}
      confirmLabel={alsoBlock ? 'Report and block' : 'Report'}
      tone="danger"
      onClose={onClose}
      onConfirm={submit}
      canConfirm={reason !== null}
    >
      <p>{relationMessages.reportText}</p>
      <fieldset className="net-choices">
        <legend className="net-choices__legend">Why are you reporting {name}?</legend>
        {reason === null && (
          <p className="muted confirm__hint" role="status">
            Choose a reason to send the report.
          </p>
        )}
        {REPORT_REASONS.map((value) => (
          <label key={value} className="net-choices__option">
            <input
              type="radio"
              name="report-reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            {reportReasonLabels[value]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={detailsId} className="net-choices__legend">
        Anything else we should know? (optional)
      </label>
      <textarea
        id={detailsId}
        className="net-textarea"
        rows={3}
        maxLength={1000}
        value={details}
        onChange={(event) => setDetails(event.target.value)}
      />
      <div className="net-choices">
        <label className="net-choices__option net-choices__option--wrap">
          <input
            type="checkbox"
            checked={alsoBlock}
            aria-describedby={blockHintId}
            onChange={(event) => setAlsoBlock(event.target.checked)}
          />
          <span className="net-choices__label">Also block {name}</span>
        </label>
        <p id={blockHintId} className="muted confirm__hint">
          {relationMessages.blockText}
        </p>
      </div>
    </ConfirmDialog>
  );
}
