import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from '../../app/navigation.tsx';
import { accountMessages, DELETE_ACCOUNT_CONFIRMATION } from '@heartline/domain';
import { useTasks } from '../../app/TaskProvider.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SignOutIcon } from '../../components/Icons.tsx';
import { useDeleteAccountMutation, useExportDataMutation } from '../../state/queries/account.ts';
import { useSignOutMutation } from '../../state/queries/session.ts';
import './account-card.css';

/**
 * The account rights (DESIGN.md §3.10–11, docs/API-account.md): export my data as a JSON file,
 * delete the account (at once, after typing DELETE in a dialog), and Sign Out.
 */
export function AccountCard() {
  const titleId = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const { runHighPriority } = useTasks();
  const exportData = useExportDataMutation();
  const signOut = useSignOutMutation();
  const [deleting, setDeleting] = useState(false);

  const doExport = () =>
    exportData.mutate(undefined, { onError: () => toast.error(accountMessages.exportFailed) });

  const doSignOut = async () => {
    try {
      await runHighPriority(() => signOut.mutateAsync());
      navigate('/', { replace: true });
    } catch {
      toast.error(accountMessages.signOutFailed);
    }
  };

  return (
    <section className="card settings__card account-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {accountMessages.card}
      </h2>
      <p className="settings__note muted">{accountMessages.exportHint}</p>
      <button
        type="button"
        className="btn btn--ghost btn--block"
        onClick={doExport}
        disabled={exportData.isPending}
        aria-busy={exportData.isPending || undefined}
      >
        {exportData.isPending && <span className="spinner spinner--xs" aria-hidden="true" />}
        {accountMessages.exportData}
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--block"
        onClick={() => void doSignOut()}
        disabled={signOut.isPending}
      >
        <SignOutIcon size={20} />
        {accountMessages.signOut}
      </button>
      <button
        type="button"
        className="btn btn--danger btn--block"
        onClick={() => setDeleting(true)}
      >
        {accountMessages.deleteAccount}
      </button>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </section>
  );
}

/** The confirmation: what is erased, and the word to type; the delete button waits for it. */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const inputId = useId();
  const hintId = useId();
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccountMutation();
  const navigate = useNavigate();
  const toast = useToast();
  const confirmed = typed.trim() === DELETE_ACCOUNT_CONFIRMATION;
  const inputRef = useRef<HTMLInputElement>(null);
  // The one thing to do next is type: focus goes there once the dialog has opened (this
  // effect runs after the Dialog's, whose showModal() focuses its first button).
  useEffect(() => inputRef.current?.focus(), []);

  const onConfirm = async () => {
    try {
      await remove.mutateAsync();
    } catch (err) {
      toast.error(accountMessages.deleteFailed);
      throw err;
    }
    navigate('/auth', { replace: true, state: { accountDeleted: true } });
  };

  return (
    <ConfirmDialog
      title={accountMessages.deleteTitle}
      confirmLabel={accountMessages.deleteConfirm}
      cancelLabel={accountMessages.cancel}
      tone="danger"
      canConfirm={confirmed}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p id={hintId}>{accountMessages.deleteText}</p>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {accountMessages.deleteTypeLabel}
        </label>
        <input
          id={inputId}
          className="field__input"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-describedby={hintId}
          ref={inputRef}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
      </div>
    </ConfirmDialog>
  );
}
