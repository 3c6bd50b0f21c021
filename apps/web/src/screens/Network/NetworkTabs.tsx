import { badgeCaps, formatBadge, type NetworkSummary } from '@heartline/domain';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { LockIcon } from '../../components/NetworkIcons.tsx';
import {
  isTabLocked,
  SCREEN_TABS,
  tabCount,
  tabLabel,
  type NetworkScreenTab,
} from './network-view.ts';

type NetworkTabsProps = {
  selected: NetworkScreenTab;
  summary: NetworkSummary | undefined;
  /** The summary's first answer has not come yet (neither data nor an error). */
  waiting: boolean;
  panelId: string;
  tabId: (tab: NetworkScreenTab) => string;
  onSelect: (tab: NetworkScreenTab) => void;
};

/** The tab strip (WAI-ARIA tabs, manual activation): All, 1st, 2nd, 3rd, Favorites, Requests. */
export function NetworkTabs({
  selected,
  summary,
  waiting,
  panelId,
  tabId,
  onSelect,
}: NetworkTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const selectedId = tabId(selected);

  const mounted = useRef(false);

  useEffect(() => {
    // A strip that has just rendered sits at its start, so its first tab is in view: asking
    // would only force a layout in the middle of the first screen (issue 17).
    const first = !mounted.current;
    mounted.current = true;
    if (first && selected === SCREEN_TABS[0]) return;
    // The strip scrolls sideways on phones: keep the selected tab (e.g. from ?tab=requests) in view.
    listRef.current
      ?.querySelector(`#${CSS.escape(selectedId)}`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selected, selectedId]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = SCREEN_TABS.indexOf(selected);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % SCREEN_TABS.length;
    else if (event.key === 'ArrowLeft')
      next = (index - 1 + SCREEN_TABS.length) % SCREEN_TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = SCREEN_TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = SCREEN_TABS[next];
    if (!tab) return;
    onSelect(tab);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tab))}`)?.focus();
  };

  return (
    <div
      ref={listRef}
      className="net-tabs"
      role="tablist"
      aria-label="Network"
      aria-busy={waiting || undefined}
      // Held out of sight until the counts and locks come: tabs shown without them widen when
      // they come, and push the tabs after them sideways (a layout shift, issue 17).
      data-waiting={waiting || undefined}
      onKeyDown={onKeyDown}
    >
      {SCREEN_TABS.map((tab) => {
        const locked = summary ? isTabLocked(tab, summary.unlockedTabs) : false;
        const count = summary && !locked ? tabCount(tab, summary) : null;
        const isSelected = tab === selected;
        const requestsBadge =
          tab === 'requests' && summary
            ? formatBadge(summary.pendingRequests, badgeCaps.requests)
            : null;
        return (
          <button
            key={tab}
            id={tabId(tab)}
            type="button"
            role="tab"
            className="net-tabs__tab"
            aria-selected={isSelected}
            aria-controls={isSelected ? panelId : undefined}
            tabIndex={isSelected ? 0 : -1}
            data-locked={locked || undefined}
            aria-label={locked ? `${tabLabel(tab)}, locked` : undefined}
            onClick={() => onSelect(tab)}
          >
            {locked && <LockIcon size={14} />}
            {tabLabel(tab)}
            {locked ? null : tab === 'requests' ? (
              requestsBadge ? (
                <span className="net-tabs__badge">
                  {requestsBadge}
                  <span className="visually-hidden"> pending</span>
                </span>
              ) : null
            ) : (
              count !== null && <span className="net-tabs__count">({count})</span>
            )}
          </button>
        );
      })}
    </div>
  );
}
