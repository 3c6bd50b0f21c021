import { inviteMessages } from '@heartline/domain';

/** The invite-processing screen (spec/1 §2): busy while the chain starts, else the redirect note. */
export function InviteProcessing({ busy }: { busy: boolean }) {
  return (
    <section
      className="center-page invite-landing invite-landing--processing"
      aria-live="polite"
      aria-busy={busy}
    >
      <div className="center-card invite-landing__card">
        <span className="spinner" aria-hidden="true" />
        {busy ? (
          <>
            <h1 className="center-card__title">{inviteMessages.processingTitle}</h1>
            <p className="muted">{inviteMessages.processingBusy}</p>
          </>
        ) : (
          <p className="muted">{inviteMessages.processingIdle}</p>
        )}
      </div>
    </section>
  );
}
