import { networkMessages, type ConnectionView, type NetworkTab } from '@heartline/domain';
import { useEffect, useMemo, useRef } from 'react';
import { PeopleIcon } from '../../components/Icons.tsx';
import { StarIcon } from '../../components/NetworkIcons.tsx';
import { ApiError } from '../../lib/api.ts';
import { useRowsInTwoPasses } from '../../lib/rows-in-two-passes.ts';
import { useConnectionsQuery } from '../../state/queries/network.ts';
import { ConnectionRow, type RowAction } from './ConnectionRow.tsx';
import { LockedTab, NetworkEmpty } from './NetworkEmpty.tsx';
import { emptyStateFor } from './network-view.ts';
import { RetryButton } from '../../components/RetryButton.tsx';

type ConnectionListProps = {
  tab: NetworkTab;
  query: string;
  /** The tab is known to be open (locked tabs are never asked for). */
  enabled: boolean;
  requestedIds: ReadonlySet<string>;
  connectingId: string | null;
  messagingId: string | null;
  onToggleFavorite: (view: ConnectionView) => void;
  onMessage: (view: ConnectionView) => void;
  onConnect: (view: ConnectionView) => void;
  onAction: (action: RowAction, view: ConnectionView) => void;
  onInvite: () => void;
  /** Degrees whose tabs are locked ('2nd', '3rd'): an empty search says they were not searched. */
  lockedDegrees?: readonly string[];
};

/** One tab's people, a page at a time: more load on scroll, or with the button. */
export function ConnectionList({
  tab,
  query,
  enabled,
  requestedIds,
  connectingId,
  messagingId,
  onToggleFavorite,
  onMessage,
  onConnect,
  onAction,
  onInvite,
  lockedDegrees = [],
}: ConnectionListProps) {
  const list = useConnectionsQuery(tab, query, enabled);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const rows = useRowsInTwoPasses(items);
  // Only past the whole page: the first screenful alone would bring the sentinel into range.
  const allShown = rows === items;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || !allShown || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, allShown, isFetchingNextPage, fetchNextPage]);

  if (list.isPending) {
    // Keyed, as is the rows' "Load more" holder, so React does not reuse one element as the
    // other: moved from above the rows to below them, it would count as a layout shift.
    return (
      <div key="loading" className="network-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Loading connections...</span>
      </div>
    );
  }

  if (list.isError) {
    if (list.error instanceof ApiError && list.error.status === 403) {
      return <LockedTab text={list.error.message} />;
    }
    return (
      <div className="network-empty" role="alert">
        <h2 className="network-empty__title">{networkMessages.failedToLoad}</h2>
        <p className="muted">{list.error.message}</p>
        <RetryButton onRetry={() => list.refetch()} />
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <NetworkEmpty
        state={emptyStateFor(tab, query, lockedDegrees)}
        icon={tab === 'favorites' ? <StarIcon size={28} /> : <PeopleIcon size={28} />}
        onInvite={onInvite}
      />
    );
  }

  return (
    <>
      <ul className="conn-list" aria-busy={list.isFetching || undefined}>
        {rows.map((view) => (
          <ConnectionRow
            key={view.id}
            view={view}
            requested={requestedIds.has(view.userId)}
            connecting={connectingId === view.userId}
            messaging={messagingId === view.userId}
            onToggleFavorite={onToggleFavorite}
            onMessage={onMessage}
            onConnect={onConnect}
            onAction={onAction}
          />
        ))}
      </ul>
      <div key="more" ref={sentinel} className="conn-list__more">
        {hasNextPage && allShown && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
          >
            {isFetchingNextPage && <span className="spinner spinner--xs" aria-hidden="true" />}
            {isFetchingNextPage ? 'Loading...' : 'Load more'}
          </button>
        )}
      </div>
    </>
  );
}
