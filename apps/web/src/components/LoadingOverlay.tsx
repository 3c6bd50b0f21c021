import { shellMessages } from '@heartline/domain';

/** Shown while a high-priority task runs (spec/1 §2); the TaskProvider blocks navigation meanwhile. */
export function LoadingOverlay() {
  return (
    <div
      className="overlay"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="overlay-title"
      aria-describedby="overlay-text"
    >
      <div className="overlay__card">
        <span className="spinner" aria-hidden="true" />
        <h2 id="overlay-title" className="overlay__title">
          {shellMessages.pleaseWait}
        </h2>
        <p id="overlay-text" className="overlay__text">
          {shellMessages.navigationDisabled}
        </p>
      </div>
    </div>
  );
}
