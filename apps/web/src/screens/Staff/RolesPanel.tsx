import { STAFF_ROLES, type StaffMember, type StaffRole } from '@heartline/domain';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useMe } from '../../state/queries/session.ts';
import {
  useGrantRoleMutation,
  useRevokeRoleMutation,
  useStaffRolesQuery,
} from '../../state/queries/staff.ts';
import { PanelError } from './PanelError.tsx';
import { formatDateTime, personName, roleErrorText, roleLabels, staffTexts } from './staff-view.ts';
import { FormEnd } from './FormEnd.tsx';

/** Staff roles (admins): who holds which, granted to a user ID, revoked; never one's own. */
export function RolesPanel() {
  const roles = useStaffRolesQuery();
  const me = useMe();
  const [revoking, setRevoking] = useState<StaffMember | null>(null);
  return (
    <section className="staff-panel" aria-labelledby="staff-roles">
      <h2 id="staff-roles" className="staff-panel__title">
        Roles
      </h2>
      <GrantForm />
      {roles.isPending && <PageLoading label="Loading staff roles..." />}
      {roles.isError && (
        <PanelError error={roles.error} onRetry={() => roles.refetch()} what="staff roles" />
      )}
      {roles.isSuccess && (
        <ul className="staff-list" aria-label="Staff">
          {roles.data.map((member) => (
            <li key={member.userId} className="card staff-member">
              <div className="staff-member__who">
                <p className="staff-member__name">{personName(member.name, member.userId)}</p>
                {member.email && <p className="staff-member__email muted">{member.email}</p>}
                <p className="staff-id">{member.userId}</p>
                <p className="muted staff-member__since">
                  Since {formatDateTime(member.grantedAt)}
                </p>
              </div>
              <div className="staff-member__role">
                <span className="staff__role" data-role={member.role}>
                  {roleLabels[member.role]}
                </span>
                {member.userId === me?.id ? (
                  <span className="muted staff-member__you">You</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    aria-label={`Revoke ${personName(member.name, member.userId)}'s role`}
                    onClick={() => setRevoking(member)}
                  >
                    Revoke
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {revoking && <RevokeDialog member={revoking} onClose={() => setRevoking(null)} />}
    </section>
  );
}

function RevokeDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const revoke = useRevokeRoleMutation();
  const toast = useToast();
  const name = personName(member.name, member.userId);
  return (
    <ConfirmDialog
      title="Revoke the staff role?"
      confirmLabel="Revoke"
      tone="danger"
      onClose={onClose}
      onConfirm={() =>
        revoke.mutateAsync(member.userId, {
          onSuccess: () => toast.success(staffTexts.roleRevoked),
          onError: (error) => toast.error(roleErrorText(error)),
        })
      }
    >
      <p>
        <strong className="staff-member__name">{name}</strong> stops being{' '}
        {member.role === 'admin' ? 'an admin' : 'a moderator'} at once, on every device.
      </p>
    </ConfirmDialog>
  );
}

function GrantForm() {
  const grant = useGrantRoleMutation();
  const toast = useToast();
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<StaffRole | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Whether the ID is what is wrong (missing, or named in the server's `fields`), to mark it.
  const [idWrong, setIdWrong] = useState(false);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIdWrong(false);
    const trimmed = userId.trim();
    if (!trimmed) {
      setError(staffTexts.userIdRequired);
      setIdWrong(true);
      return;
    }
    // The server checks the ID and the role, and its texts say what is wrong.
    grant.mutate(
      { userId: trimmed, role: role ?? undefined },
      {
        onSuccess: () => {
          toast.success(staffTexts.roleGranted);
          setUserId('');
          setRole(null);
        },
        onError: (err) => {
          setError(roleErrorText(err));
          setIdWrong(err instanceof ApiError && 'userId' in err.fields);
        },
      },
    );
  };

  return (
    <form className="card staff-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="card__title">
        Grant a role
      </h3>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-user`}>
          User ID
        </label>
        <input
          id={`${id}-user`}
          className="field__input staff-id-input"
          value={userId}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={idWrong || undefined}
          aria-describedby={`${id}-hint${idWrong ? ` ${id}-error` : ''}`}
          onChange={(e) => setUserId(e.target.value)}
        />
        <p id={`${id}-hint`} className="field__hint">
          The person&apos;s ID, as the audit log and the appeals show it. Granting a role to someone
          who has one changes it.
        </p>
      </div>
      <fieldset className="segmented">
        <legend className="segmented__legend">Role</legend>
        <div className="segmented__options staff-form__two">
          {STAFF_ROLES.map((value) => (
            <label key={value} className="segmented__option">
              <input
                type="radio"
                name={`${id}-role`}
                value={value}
                checked={role === value}
                onChange={() => setRole(value)}
              />
              {roleLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <FormEnd
        error={error}
        errorId={`${id}-error`}
        busy={grant.isPending}
        label="Grant role"
        busyLabel="Granting..."
      />
    </form>
  );
}
