import type { TrustVerification } from '@heartline/domain';
import { useState } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { CheckIcon, SignOutIcon, WarningIcon } from '../../components/Icons.tsx';
import { ShieldIcon } from '../../components/NetworkIcons.tsx';
import { DownloadIcon } from '../../components/ProfileIcons.tsx';
import { signInStartUrl } from '../../lib/intended-url.ts';
import { useConfig, useSignOutMutation } from '../../state/queries/session.ts';
import { verifyRows, type DevStatus } from './dev-view.ts';

type DevToolbarProps = {
  status: DevStatus;
  verifying: boolean;
  onVerify: () => void;
  onRefresh: () => void;
};

/** The debug toolbar (spec/3 §2): status, verify calculations, switch user, refresh, export. */
export function DevToolbar({ status, verifying, onVerify, onRefresh }: DevToolbarProps) {
  const { devSignIn } = useConfig();
  return (
    <div className="dev-toolbar" role="group" aria-label="Debug tools">
      <p className="dev-toolbar__status" data-kind={status.kind} role="status">
        <span className="dev-toolbar__dot" aria-hidden="true" />
        {status.label}
      </p>
      <div className="dev-toolbar__actions">
        <button
          type="button"
          className="btn btn--primary btn--sm dev-toolbar__verify"
          onClick={onVerify}
          disabled={verifying}
          aria-busy={verifying}
        >
          <ShieldIcon size={18} />
          Verify calculations
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onRefresh}>
          Refresh
        </button>
        {/* The server's export (the same one Settings offers) sends the file as an attachment. */}
        <a className="btn btn--ghost btn--sm" href="/api/me/export" download>
          <DownloadIcon size={18} />
          Export data
        </a>
        {devSignIn && <SwitchUserButton />}
      </div>
    </div>
  );
}

/**
 * Development sign-in only: signs out and starts a new sign-in that returns here. The
 * development provider shows its account picker every time, so another demo account is a tap
 * away. (With Google there is no list of accounts to switch between, so it is not offered.)
 */
function SwitchUserButton() {
  const signOut = useSignOutMutation();
  const toast = useToast();
  const [leaving, setLeaving] = useState(false);
  const onClick = async () => {
    setLeaving(true);
    try {
      await signOut.mutateAsync();
      window.location.assign(signInStartUrl('/real-database-test'));
    } catch {
      setLeaving(false);
      toast.error('Could not sign out. Please check your connection and try again.');
    }
  };
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      onClick={() => void onClick()}
      disabled={leaving}
      aria-busy={leaving}
    >
      <SignOutIcon size={18} />
      Switch user
    </button>
  );
}

/** "Verify calculations": the stored figures beside the independent recount. */
export function VerifyPanel({ verification }: { verification: TrustVerification }) {
  const rows = verifyRows(verification);
  return (
    <section className="card dev-verify" aria-labelledby="dev-verify-title">
      <h2 id="dev-verify-title" className="card__title">
        Trust calculation check
      </h2>
      <p
        className="dev-verify__verdict"
        data-match={verification.matches}
        role="status"
        aria-live="polite"
      >
        {verification.matches ? <CheckIcon size={20} /> : <WarningIcon size={20} />}
        {verification.matches
          ? 'Match: the stored score and the independent recount agree'
          : 'Mismatch: the stored score and the independent recount differ'}
      </p>
      <table className="dev-verify__table">
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col">Stored</th>
            <th scope="col">Recomputed</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} data-same={row.same}>
              <th scope="row">{row.label}</th>
              <td>{row.stored}</td>
              <td>
                {row.independent}
                {!row.same && <span className="visually-hidden"> (differs)</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted dev-verify__formula">
        Recomputed with plain SQL over the friendships table: {verification.independent.formula}
      </p>
    </section>
  );
}
