import { networkMessages, type ConnectionRequestView } from '@heartline/domain';
import { useToast } from '../../app/ToastProvider.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { InboxIcon } from '../../components/NetworkIcons.tsx';
import {
  useCancelRequestMutation,
  useConnectionRequestsQuery,
  useDecideRequestMutation,
} from '../../state/queries/requests.ts';
import { NetworkEmpty } from './NetworkEmpty.tsx';
import { displayName, emptyStateFor } from './network-view.ts';
import { RetryButton } from '../../components/RetryButton.tsx';

/** The requests tab: incoming requests to accept or reject, outgoing ones still pending. */
export function RequestsPanel({ query, onInvite }: { query: string; onInvite: () => void }) {
  const requests = useConnectionRequestsQuery();
  const decide = useDecideRequestMutation();
  const cancel = useCancelRequestMutation();
  const toast = useToast();

  if (requests.isPending) {
    return (
      <div className="network-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Loading requests...</span>
      </div>
    );
  }
  if (requests.isError) {
    return (
      <div className="network-empty" role="alert">
        <h2 className="network-empty__title">Could not load your requests</h2>
        <p className="muted">{requests.error.message}</p>
        <RetryButton onRetry={() => requests.refetch()} />
      </div>
    );
  }

  const needle = query.trim().toLowerCase();
  const matches = (r: ConnectionRequestView) =>
    !needle || r.user.name.toLowerCase().includes(needle);
  const incoming = requests.data.incoming.filter(matches);
  const outgoing = requests.data.outgoing.filter(matches);

  if (incoming.length === 0 && outgoing.length === 0) {
    return (
      <NetworkEmpty
        state={emptyStateFor('requests', needle)}
        icon={<InboxIcon size={28} />}
        onInvite={onInvite}
      />
    );
  }

  const onDecide = async (request: ConnectionRequestView, decision: 'accept' | 'reject') => {
    const name = displayName(request.user.name);
    try {
      await decide.mutateAsync({ id: request.id, decision });
      if (decision === 'accept') toast.success(`You and ${name} are now connected!`);
      else toast.info(`Request from ${name} declined`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : networkMessages.requestNotFound);
    }
  };
  const onCancel = async (request: ConnectionRequestView) => {
    try {
      await cancel.mutateAsync(request.id);
      toast.info(networkMessages.requestCancelled(displayName(request.user.name)));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : networkMessages.requestNotFound);
    }
  };
  const busyId = decide.isPending ? decide.variables.id : null;
  const cancellingId = cancel.isPending ? cancel.variables : null;

  return (
    <div className="requests">
      {incoming.length > 0 && (
        <section aria-labelledby="requests-incoming">
          <h2 id="requests-incoming" className="requests__heading">
            Received <span className="muted">({incoming.length})</span>
          </h2>
          <ul className="conn-list">
            {incoming.map((request) => {
              const name = displayName(request.user.name);
              return (
                <li key={request.id} className="conn" data-testid="incoming-request">
                  <div className="conn__main">
                    <span className="conn__avatar">
                      <Avatar user={{ name, photoUrl: request.user.avatar }} size="lg" />
                    </span>
                    <div className="conn__text">
                      <p className="conn__name">{name}</p>
                      <p className="conn__detail">
                        Trust {request.user.trustScore}
                        {request.user.mutualConnections > 0 &&
                          ` · ${request.user.mutualConnections} mutual`}
                      </p>
                    </div>
                  </div>
                  <div className="requests__actions">
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      disabled={busyId === request.id}
                      onClick={() => void onDecide(request, 'reject')}
                      aria-label={`Reject ${name}`}
                    >
                      Reject
                    </button>
                    <button
                      type="button"
                      className="btn btn--primary btn--sm"
                      disabled={busyId === request.id}
                      onClick={() => void onDecide(request, 'accept')}
                      aria-label={`Accept ${name}`}
                    >
                      Accept
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {outgoing.length > 0 && (
        <section aria-labelledby="requests-outgoing">
          <h2 id="requests-outgoing" className="requests__heading">
            Sent <span className="muted">({outgoing.length})</span>
          </h2>
          <ul className="conn-list">
            {outgoing.map((request) => {
              const name = displayName(request.user.name);
              return (
                <li key={request.id} className="conn" data-testid="outgoing-request">
                  <div className="conn__main">
                    <span className="conn__avatar">
                      <Avatar user={{ name, photoUrl: request.user.avatar }} size="lg" />
                    </span>
                    <div className="conn__text">
                      <p className="conn__name">{name}</p>
                      <p className="conn__detail">Trust {request.user.trustScore}</p>
                    </div>
                    <span className="conn__requested">Pending</span>
                  </div>
                  <div className="requests__actions">
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      disabled={cancellingId === request.id}
                      onClick={() => void onCancel(request)}
                      aria-label={`Cancel request to ${name}`}
                    >
                      Cancel
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
