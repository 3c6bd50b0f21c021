/**
 * The end of every staff form: the refusal (the server's or the form's own), then the submit
 * button, busy while the form is sent.
 */
export function FormEnd({
  error,
  errorId,
  busy,
  label,
  busyLabel,
  tone = 'primary',
}: {
  error: string | null;
  /** The error's id, when a field names it in its aria-describedby. */
  errorId?: string;
  busy: boolean;
  label: string;
  busyLabel: string;
  tone?: 'primary' | 'ghost';
}) {
  return (
    <>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className={`btn btn--${tone} btn--sm staff-form__submit`}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
