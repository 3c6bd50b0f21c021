import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from './Icons.tsx';

type BottomSheetProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Actions pinned under the content (e.g. a "Got it" button). */
  footer?: ReactNode;
};

/**
 * A modal sheet rising from the bottom edge, on the native <dialog> element like Dialog:
 * focus is trapped and restored by the browser, Escape and a backdrop click close it.
 * Mount it to open it.
 */
export function BottomSheet({ title, onClose, children, footer }: BottomSheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // A layout effect, as in Dialog.tsx: close() runs while the element is still in the page, so
  // the browser hands focus back to what opened it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="sheet"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="sheet__panel">
        <span className="sheet__grip" aria-hidden="true" />
        <header className="sheet__header">
          <h2 id={titleId} className="sheet__title">
            {title}
          </h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
            <CloseIcon size={22} />
          </button>
        </header>
        <div className="sheet__body">{children}</div>
        {footer && <div className="sheet__footer">{footer}</div>}
      </div>
    </dialog>
  );
}
