import { useEffect, type ComponentType } from 'react';
import type { Toast, ToastType } from '../app/ToastProvider.tsx';
import { CheckIcon, CloseIcon, InfoIcon, WarningIcon } from './Icons.tsx';

const icons: Record<Exclude<ToastType, 'loading'>, ComponentType<{ size?: number }>> = {
  success: CheckIcon,
  error: WarningIcon,
  info: InfoIcon,
  warning: WarningIcon,
};

/** Top-centre stack; the provider keeps at most three. */
export function Toasts({
  toasts,
  onDismiss,
}: {
  toasts: Toast[];
  onDismiss: (id: number) => void;
}) {
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    if (toast.duration === null) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, onDismiss]);

  const Icon = toast.type === 'loading' ? null : icons[toast.type];
  return (
    <div className={`toast toast--${toast.type}`} role="status">
      <span className="toast__icon">
        {Icon ? <Icon size={20} /> : <span className="spinner spinner--sm" aria-hidden="true" />}
      </span>
      <span className="toast__message">{toast.message}</span>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
