import {
  type CreateReportInput,
  errorMessages,
  relationMessages,
  REPORT_REASONS,
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

type ReportContext = CreateReportInput['context'];

/** The person acted on: a network row, or the other member of a chat. */
export type ActionTarget = { userId: string; name: string };

type Props = {
  action: RowAction;
  person: ActionTarget;
  onClose: () => void;
  /** Where a report is made from, and the messages it attaches (from a chat). */
  report?: { context: ReportContext; messageIds?: readonly string[] };
  /** The action went through (e.g. the chat screen leaves a blocked person's chat). */
  onDone?: (action: RowAction) => void;
};

/**
 * The confirmation dialogs of the row menu (spec/2 §2), with the domain's texts; the chat
 * screen's menu uses them too.
 */
export function RowActionDialog({
  action,
  person,
  onClose,
  report = { context: 'network' },
  onDone,
}: Props) {
  const name = displayName(person.name);
  const toast = useToast();
  const disconnect = useDisconnectMutation();
  const block = useBlockMutation();

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      onDone?.(action);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : errorMessages.internal);
      throw error;
    }
  };

  switch (action) {
    case 'disconnect':
      return (
        <ConfirmDialog
          title={relationMessages.disconnectTitle(name)}
          confirmLabel="Disconnect"
          tone="danger"
          onClose={onClose}
          onConfirm={() =>
            run(() => disconnect.mutateAsync(person.userId), `You disconnected from ${name}.`)
          }
        >
          <p>{relationMessages.disconnectText}</p>
        </ConfirmDialog>
      );
    case 'block':
      return (
        <ConfirmDialog
          title={relationMessages.blockTitle(name)}
          confirmLabel="Block"
          tone="danger"
          onClose={onClose}
          onConfirm={() => run(() => block.mutateAsync(person.userId), `${name} is blocked.`)}
        >
          <p>{relationMessages.blockText}</p>
        </ConfirmDialog>
      );
    case 'report':
      return (
        <ReportDialog
          person={person}
          name={name}
          context={report.context}
          messageIds={report.messageIds ?? []}
          onClose={onClose}
          onDone={() => onDone?.('report')}
        />
      );
  }
}

function ReportDialog({
  person,
  name,
  context,
  messageIds,
  onClose,
  onDone,
}: {
  person: ActionTarget;
  name: string;
  context: ReportContext;
  messageIds: readonly string[];
  onClose: () => void;
  onDone: () => void;
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
        userId: person.userId,
        reason,
        context,
        ...(details.trim() ? { details: details.trim() } : {}),
        ...(messageIds.length > 0 ? { messageIds: [...messageIds] } : {}),
      });
      toast.success(result.message || relationMessages.reported);
      onDone();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : errorMessages.internal);
      throw error;
    }
  };

  return (
    <ConfirmDialog
      title={relationMessages.reportTitle(name)}
      confirmLabel="Report"
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
