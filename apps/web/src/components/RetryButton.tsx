/** The 'Try Again' button beside a failed load: asks for the data once more. */
export function RetryButton({ onRetry }: { onRetry: () => unknown }) {
  return (
    <button type="button" className="btn btn--ghost btn--sm" onClick={() => void onRetry()}>
      Try Again
    </button>
  );
}
