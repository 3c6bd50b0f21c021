import { networkMessages, type ConnectionView, type NetworkSummary } from '@heartline/domain';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Avatar } from '../../components/Avatar.tsx';
import { RouteIcon } from '../../components/NetworkIcons.tsx';
import type { useConnectionsQuery } from '../../state/queries/network.ts';
import { DevPathDialog } from './DevPathDialog.tsx';
import { DEV_TABS, devTabCount, devTabLabels, type DevTab } from './dev-view.ts';

type DevNetworkCardProps = {
  tab: DevTab;
  onTab: (tab: DevTab) => void;
  summary: NetworkSummary | undefined;
  connections: ReturnType<typeof useConnectionsQuery>;
  /** The 2nd tab is shown but closed until 3 friends (the Network screen's unlock). */
  locked: boolean;
  /** The summary could not be loaded: the lists wait for it (the page shows the error). */
  summaryFailed: boolean;
};

const degreeLabels = { 1: '1st degree', 2: '2nd degree', 3: '3rd degree' } as const;

/** The network card (spec/3 §2): tabs All, 1st, 2nd with counts, and the connection rows. */
export function DevNetworkCard({
  tab,
  onTab,
  summary,
  connections,
  locked,
  summaryFailed,
}: DevNetworkCardProps) {
  const baseId = useId();
  const tabId = (t: DevTab) => `${baseId}-tab-${t}`;
  const panelId = `${baseId}-panel`;
  const listRef = useRef<HTMLDivElement>(null);
  const [pathFor, setPathFor] = useState<ConnectionView | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = DEV_TABS.indexOf(tab);
    const last = DEV_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % DEV_TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % DEV_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const target = next === null ? undefined : DEV_TABS[next];
    if (!target) return;
    event.preventDefault();
    onTab(target);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(target))}`)?.focus();
  };

  const items = connections.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="card dev-network" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="card__title">
        Network
      </h2>
      <div
        ref={listRef}
        className="net-tabs dev-network__tabs"
        role="tablist"
        aria-label="Connections by degree"
        onKeyDown={onKeyDown}
      >
        {DEV_TABS.map((t) => (
          <button
            key={t}
            id={tabId(t)}
            type="button"
            role="tab"
            className="net-tabs__tab"
            aria-selected={t === tab}
            aria-controls={t === tab ? panelId : undefined}
            tabIndex={t === tab ? 0 : -1}
            onClick={() => onTab(t)}
          >
            {devTabLabels[t]}
            {summary && <span className="net-tabs__count">({devTabCount(t, summary)})</span>}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} className="dev-network__panel">
        {locked && summary ? (
          <p className="muted">{networkMessages.secondDegreeLocked(summary.counts.first)}</p>
        ) : connections.data ? (
          items.length === 0 ? (
            <p className="muted">No connections in this tab yet.</p>
          ) : (
            <ul className="dev-rows">
              {items.map((view) => (
                <DevConnectionRow key={view.id} view={view} onShowPath={() => setPathFor(view)} />
              ))}
            </ul>
          )
        ) : connections.isError || (summaryFailed && !summary) ? (
          <p className="muted">This list could not be loaded.</p>
        ) : (
          <div className="dev-network__loading" role="status">
            <span className="spinner spinner--sm" aria-hidden="true" />
            <span className="visually-hidden">Loading connections...</span>
          </div>
        )}
        {connections.hasNextPage && !locked && (
          <button
            type="button"
            className="btn btn--ghost btn--sm btn--block"
            onClick={() => void connections.fetchNextPage()}
            disabled={connections.isFetchingNextPage}
            aria-busy={connections.isFetchingNextPage}
          >
            Load more
          </button>
        )}
      </div>
      {pathFor && <DevPathDialog view={pathFor} onClose={() => setPathFor(null)} />}
    </section>
  );
}

function DevConnectionRow({ view, onShowPath }: { view: ConnectionView; onShowPath: () => void }) {
  const name = view.name.trim() || networkMessages.unknownUser;
  return (
    <li className="dev-row" data-testid="dev-connection-row">
      <Avatar user={{ name, photoUrl: view.avatar }} size="md" />
      <div className="dev-row__text">
        <p className="dev-row__name">{name}</p>
        <p className="muted dev-row__meta">
          {degreeLabels[view.degree]} · {view.connectionType} · {view.status} · trust{' '}
          {view.trustScore}
          {view.degree > 1 && ` · ${view.mutualConnections} mutual`}
        </p>
      </div>
      {view.degree === 2 && (
        <button
          type="button"
          className="btn btn--ghost btn--sm dev-row__path"
          onClick={onShowPath}
          aria-label={`Show connection path to ${name}`}
        >
          <RouteIcon size={18} />
          Show connection path
        </button>
      )}
    </li>
  );
}
