import { discoverMessages } from '@heartline/domain';
import { useEffect, useState } from 'react';
import { CloseIcon } from '../../components/Icons.tsx';

/** Longer than a toast: it holds an action. Paused while pointed at or focused. */
const UNDO_WINDOW_MS = 6000;

type UndoBarProps = {
  name: string;
  busy: boolean;
  onUndo: () => void;
  onDismiss: () => void;
};

/** '{name} declined' with Undo after a pass (spec/2 §8), a toast with an action. */
export function UndoBar({ name, busy, onUndo, onDismiss }: UndoBarProps) {
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || busy) return;
    const timer = setTimeout(onDismiss, UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [paused, busy, onDismiss]);

  return (
    <div
      className="dundo toast"
      role="status"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="toast__message">{discoverMessages.declined(name)}</span>
      <button
        type="button"
        className="btn btn--text btn--sm dundo__undo"
        onClick={onUndo}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy && <span className="spinner spinner--xs" aria-hidden="true" />}
        {discoverMessages.undo}
      </button>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={onDismiss}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
