/** The 'Try Again' button beside a failed load: asks for the data once more. */
export function RetryButton({ onRetry, busy = false }: { onRetry: () => unknown; busy?: boolean }) {
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      onClick={() => void onRetry()}
      disabled={busy}
      aria-busy={busy}
    >
      Try Again
    </button>
  );
}
