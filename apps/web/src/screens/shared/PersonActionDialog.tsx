import { discoverMessages, errorMessages, relationMessages } from '@heartline/domain';
import { useToast } from '../../app/ToastProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useUnmatchMutation } from '../../state/queries/matches.ts';
import { useBlockMutation, useDisconnectMutation } from '../../state/queries/network.ts';
import {
  blockedText,
  targetName,
  type ActionTarget,
  type PersonAction,
  type ReportContext,
} from './person-actions.ts';
import { ReportDialog } from './ReportDialog.tsx';

type Props = {
  action: PersonAction;
  person: ActionTarget;
  onClose: () => void;
  /** Where a report is made from, and the messages it attaches (from a chat). */
  report?: { context: ReportContext; messageIds?: readonly string[] };
  /**
   * The action went through. A report that also blocked answers 'block': what the screen
   * follows is that the person is blocked now (the chat screen leaves, the card leaves the deck).
   */
  onDone?: (action: PersonAction) => void;
};

/**
 * The confirmation dialogs for acting on another person (spec/2 §2), with the domain's texts:
 * disconnect, block, report (with "Also block"), and unmatch (docs/API-discover.md). Network
 * rows, the Discover card, the match celebration and the chat screen's menu all use them.
 */
export function PersonActionDialog({
  action,
  person,
  onClose,
  report = { context: 'network' },
  onDone,
}: Props) {
  const name = targetName(person);
  const toast = useToast();
  const disconnect = useDisconnectMutation();
  const block = useBlockMutation();
  const unmatch = useUnmatchMutation();

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
          onConfirm={() => run(() => block.mutateAsync(person.userId), blockedText(name))}
        >
          <p>{relationMessages.blockText}</p>
        </ConfirmDialog>
      );
    case 'unmatch':
      return (
        <ConfirmDialog
          title={discoverMessages.unmatchTitle(name)}
          confirmLabel="Unmatch"
          tone="danger"
          onClose={onClose}
          onConfirm={() =>
            run(() => unmatch.mutateAsync(person.userId), discoverMessages.unmatched(name))
          }
        >
          <p>{discoverMessages.unmatchText(name)}</p>
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
          onDone={(blocked) => onDone?.(blocked ? 'block' : 'report')}
        />
      );
  }
}
