/** Placeholder while a screen's code or first data loads. */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
