import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from './Icons.tsx';

type DialogProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /**
   * default: a centred card. sheet: a tall form sheet, from the bottom edge on phones.
   * fullscreen: edge to edge (the photo viewer).
   */
  variant?: 'default' | 'sheet' | 'fullscreen';
  /** Actions kept in view at the bottom while the body scrolls. */
  footer?: ReactNode;
  /** Extra buttons in the header, before Close. */
  actions?: ReactNode;
};

/**
 * A modal dialog on the native <dialog> element: focus is trapped and restored by the browser,
 * Escape closes, and so does a click on the backdrop. Mount it to open it.
 *
 * Opened and closed in a layout effect: its cleanup runs on unmount before React removes the
 * element, so close() still finds it in the page and hands focus back to what opened it (a
 * passive cleanup runs after the removal, when the browser has nothing left to restore from).
 */
export function Dialog({
  title,
  onClose,
  children,
  variant = 'default',
  footer,
  actions,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${variant}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        // React hands a nested dialog's cancel to the outer one too: only the top one closes.
        event.stopPropagation();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <div className="dialog__actions">
            {actions}
            <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
              <CloseIcon size={22} />
            </button>
          </div>
        </header>
        <div className="dialog__body">{children}</div>
        {footer && <footer className="dialog__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
