import {
  errorMessages,
  networkMessages,
  REPORT_REASONS,
  type ConnectionView,
} from '@heartline/domain';
import { useId, useState } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  useBlockMutation,
  useDisconnectMutation,
  useReportMutation,
} from '../../state/queries/network.ts';
import type { RowAction } from './ConnectionRow.tsx';
import { displayName } from './network-view.ts';

type ReportReason = (typeof REPORT_REASONS)[number];

const reasonLabels: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  fake_profile: 'Fake profile',
  inappropriate_content: 'Inappropriate content',
  underage: 'Under 18',
  other: 'Something else',
};

type Props = { action: RowAction; view: ConnectionView; onClose: () => void };

/** The confirmation dialogs of the row menu (spec/2 §2), with the domain's texts. */
export function RowActionDialog({ action, view, onClose }: Props) {
  const name = displayName(view.name);
  const toast = useToast();
  const disconnect = useDisconnectMutation();
  const block = useBlockMutation();

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : errorMessages.internal);
      throw error;
    }
  };

  switch (action) {
    case 'disconnect':
      return (
        <ConfirmDialog
          title={networkMessages.disconnectTitle(name)}
          confirmLabel="Disconnect"
          tone="danger"
          onClose={onClose}
          onConfirm={() =>
            run(() => disconnect.mutateAsync(view.userId), `You disconnected from ${name}.`)
          }
        >
          <p>{networkMessages.disconnectText}</p>
        </ConfirmDialog>
      );
    case 'block':
      return (
        <ConfirmDialog
          title={networkMessages.blockTitle(name)}
          confirmLabel="Block"
          tone="danger"
          onClose={onClose}
          onConfirm={() => run(() => block.mutateAsync(view.userId), `${name} is blocked.`)}
        >
          <p>{networkMessages.blockText}</p>
        </ConfirmDialog>
      );
    case 'report':
      return <ReportDialog view={view} name={name} onClose={onClose} />;
  }
}

function ReportDialog({
  view,
  name,
  onClose,
}: {
  view: ConnectionView;
  name: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const report = useReportMutation();
  const toast = useToast();
  const detailsId = useId();

  const submit = async () => {
    if (!reason) return;
    try {
      const result = await report.mutateAsync({
        userId: view.userId,
        reason,
        context: 'network',
        ...(details.trim() ? { details: details.trim() } : {}),
      });
      toast.success(result.message || networkMessages.reported);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : errorMessages.internal);
      throw error;
    }
  };

  return (
    <ConfirmDialog
      title={networkMessages.reportTitle(name)}
      confirmLabel="Report"
      tone="danger"
      onClose={onClose}
      onConfirm={submit}
      canConfirm={reason !== null}
    >
      <p>{networkMessages.reportText}</p>
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
            {reasonLabels[value]}
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
    </ConfirmDialog>
  );
}
