import { type ConnectionRequestView, type RequestAction, requestMessages } from '@heartline/domain';
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
import {
  actionAriaLabel,
  actionDoneText,
  actionLabels,
  chainStepText,
  requestStatusText,
} from './request-view.ts';
import { RetryButton } from '../../components/RetryButton.tsx';

/**
 * The requests tab: what waits for the user (ordinary requests to accept or reject, invite-chain
 * steps) and what they sent that waits for someone else, each with the actions the server offers.
 */
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

  const onAction = async (request: ConnectionRequestView, action: RequestAction) => {
    const name = displayName(request.user.name);
    try {
      if (action === 'cancel') {
        await cancel.mutateAsync(request.id);
        toast.info(actionDoneText(action, name));
        return;
      }
      const result = await decide.mutateAsync({ id: request.id, decision: action });
      const befriends = action === 'accept' || action === 'final-approve';
      if (result.request.status === 'accepted' && !befriends) {
        // They had become friends another way: the step had nothing left to ask.
        toast.success(requestMessages.alreadyConnected(name));
      } else if (befriends) toast.success(actionDoneText(action, name));
      else toast.info(actionDoneText(action, name));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : requestMessages.requestNotFound);
    }
  };
  const busyId = decide.isPending
    ? decide.variables.id
    : cancel.isPending
      ? cancel.variables
      : null;

  return (
    <div className="requests">
      {incoming.length > 0 && (
        <section aria-labelledby="requests-incoming">
          <h2 id="requests-incoming" className="requests__heading">
            Received <span className="muted">({incoming.length})</span>
          </h2>
          <ul className="conn-list">
            {incoming.map((request) => (
              <RequestRow
                key={request.id}
                request={request}
                busy={busyId === request.id}
                onAction={onAction}
              />
            ))}
          </ul>
        </section>
      )}
      {outgoing.length > 0 && (
        <section aria-labelledby="requests-outgoing">
          <h2 id="requests-outgoing" className="requests__heading">
            Sent <span className="muted">({outgoing.length})</span>
          </h2>
          <ul className="conn-list">
            {outgoing.map((request) => (
              <RequestRow
                key={request.id}
                request={request}
                busy={busyId === request.id}
                onAction={onAction}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * One request: the other person, where an invite chain stands, and the one thing the viewer can
 * do now (or who it waits for).
 */
function RequestRow({
  request,
  busy,
  onAction,
}: {
  request: ConnectionRequestView;
  busy: boolean;
  onAction: (request: ConnectionRequestView, action: RequestAction) => Promise<void>;
}) {
  const name = displayName(request.user.name);
  const status = requestStatusText(request, name);
  const step = chainStepText(request);
  const incoming = request.direction === 'incoming';
  const ordered = [...request.actions].sort(
    (a, b) => Number(actionLabels[a].primary) - Number(actionLabels[b].primary),
  );
  return (
    <li
      className="conn conn--request"
      data-testid={incoming ? 'incoming-request' : 'outgoing-request'}
      data-status={request.status}
    >
      <div className="conn__main">
        <span className="conn__avatar">
          <Avatar user={{ name, photoUrl: request.user.avatar }} size="lg" />
        </span>
        <div className="conn__text">
          <p className="conn__name">{name}</p>
          <p className="conn__detail">
            {step ? (
              step
            ) : (
              <>
                Trust {request.user.trustScore}
                {incoming &&
                  request.user.mutualConnections > 0 &&
                  ` · ${request.user.mutualConnections} mutual`}
              </>
            )}
          </p>
          {status && <p className="requests__status">{status}</p>}
        </div>
        {!incoming && request.kind === 'connect' && (
          <span className="conn__requested">Pending</span>
        )}
      </div>
      {ordered.length > 0 && (
        <div className="requests__actions">
          {ordered.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn btn--sm ${actionLabels[action].primary ? 'btn--primary' : 'btn--ghost'}`}
              disabled={busy}
              onClick={() => void onAction(request, action)}
              aria-label={actionAriaLabel(action, name)}
            >
              {actionLabels[action].label}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
