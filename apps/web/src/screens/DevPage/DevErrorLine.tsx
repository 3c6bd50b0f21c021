import { errorLine } from './dev-view.ts';

/** 'Error: {message}' with Retry (spec/3 §8, developer page). */
export function DevErrorLine({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="dev-error" role="alert">
      <p className="dev-error__text">{errorLine(error)}</p>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
