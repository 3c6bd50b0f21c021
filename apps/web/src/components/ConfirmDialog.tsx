import { useState, type ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';

type ConfirmDialogProps = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions (disconnect, block) get the danger colour. */
  tone?: 'danger' | 'default';
  /**
   * Runs on confirm; the dialog shows it is busy until the promise settles, then closes.
   * It reports its own failure (a toast): a rejection here only ends the busy state.
   */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** False keeps the confirm button disabled (e.g. until a reason is chosen). */
  canConfirm?: boolean;
};

/** A yes/no question on Dialog (spec/2 §2): confirm calls the handler and closes; cancel closes. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'default',
  onConfirm,
  onClose,
  canConfirm = true,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // Reported by the handler.
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Dialog title={title} onClose={busy ? () => undefined : onClose}>
      <form
        className="confirm"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && canConfirm) void confirm();
        }}
      >
        <div className="confirm__content">{children}</div>
        <div className="confirm__actions">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={onClose}
            disabled={busy}
          >
            {cancelLabel}
          </button>
          <button
            type="submit"
            className={`btn btn--sm ${tone === 'danger' ? 'btn--danger' : 'btn--primary'}`}
            disabled={busy || !canConfirm}
            aria-busy={busy || undefined}
          >
            {busy && <span className="spinner spinner--xs" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
