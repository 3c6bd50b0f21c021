/** The 'Try Again' button beside a failed load: asks for the data once more. */
export function RetryButton({
  onRetry,
  busy = false,
  primary = false,
}: {
  onRetry: () => unknown;
  busy?: boolean;
  /** The screen's one action (an error screen), rather than a retry beside other content. */
  primary?: boolean;
}) {
  return (
    <button
      type="button"
      className={primary ? 'btn btn--primary' : 'btn btn--ghost btn--sm'}
      onClick={() => void onRetry()}
      disabled={busy}
      aria-busy={busy}
    >
      Try Again
    </button>
  );
}
