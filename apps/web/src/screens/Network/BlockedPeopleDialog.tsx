import { useToast } from '../../app/ToastProvider.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { useBlockListQuery, useUnblockMutation } from '../../state/queries/network.ts';
import { displayName } from './network-view.ts';
import { RetryButton } from '../../components/RetryButton.tsx';

/** The people you blocked, each with Unblock (from Settings and the profile's options menu). */
export function BlockedPeopleDialog({ onClose }: { onClose: () => void }) {
  const blocks = useBlockListQuery();
  const unblock = useUnblockMutation();
  const toast = useToast();
  const busyId = unblock.isPending ? unblock.variables : null;

  const onUnblock = async (userId: string, name: string) => {
    try {
      await unblock.mutateAsync(userId);
      toast.info(`${name} unblocked`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not unblock. Please try again.');
    }
  };

  return (
    <Dialog title="Blocked people" onClose={onClose}>
      {blocks.isPending && (
        <p className="muted center" role="status">
          Loading...
        </p>
      )}
      {blocks.isError && (
        <div className="center" role="alert">
          <p className="muted">Could not load the people you blocked.</p>
          <RetryButton onRetry={() => blocks.refetch()} />
        </div>
      )}
      {blocks.isSuccess && blocks.data.items.length === 0 && (
        <p className="muted center">
          You have not blocked anyone. People you block cannot see you, and you cannot see them.
        </p>
      )}
      {blocks.isSuccess && blocks.data.items.length > 0 && (
        <ul className="conn-list" aria-label="Blocked people">
          {blocks.data.items.map((person) => {
            const name = displayName(person.name);
            return (
              <li key={person.userId} className="conn" data-testid="blocked-person">
                <div className="conn__main">
                  <span className="conn__avatar">
                    <Avatar user={{ name, photoUrl: person.avatar }} size="lg" />
                  </span>
                  <div className="conn__text">
                    <p className="conn__name">{name}</p>
                  </div>
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    disabled={busyId === person.userId}
                    onClick={() => void onUnblock(person.userId, name)}
                    aria-label={`Unblock ${name}`}
                  >
                    Unblock
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
