import { networkMessages, type ConnectionView } from '@heartline/domain';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '../../app/navigation.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { CloseIcon } from '../../components/Icons.tsx';
import { SearchIcon, ShieldIcon, UserPlusIcon } from '../../components/NetworkIcons.tsx';
import { useOpenChatMutation } from '../../state/queries/chat.ts';
import { useNetworkSummaryQuery, useSetFavoriteMutation } from '../../state/queries/network.ts';
import {
  useConnectionRequestsQuery,
  useSendConnectionRequestMutation,
} from '../../state/queries/requests.ts';
import { useMe } from '../../state/queries/session.ts';
import { TrustScoreSheet } from '../Trust/TrustScoreSheet.tsx';
import { ConnectionList } from './ConnectionList.tsx';
import type { RowAction } from './ConnectionRow.tsx';
import { connectErrorToast, connectResultToast, openChatErrorToast } from './connect-toast.ts';
import { InviteFriendsDialog } from './InviteFriendsDialog.tsx';
import { LockedTab } from './NetworkEmpty.tsx';
import { NetworkTabs } from './NetworkTabs.tsx';
import { RequestsPanel } from './RequestsPanel.tsx';
import { PersonActionDialog } from '../shared/PersonActionDialog.tsx';
import {
  connectionCountLabel,
  displayName,
  lockedDegrees,
  lockedTabText,
  searchForTab,
  shouldOpenRequests,
  tabFromSearch,
  type NetworkScreenTab,
} from './network-view.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { RetryButton } from '../../components/RetryButton.tsx';

const SEARCH_DEBOUNCE_MS = 250;

type Overlay =
  | { kind: 'invite' }
  | { kind: 'trust' }
  | { kind: 'action'; action: RowAction; view: ConnectionView };

/** The Network screen (spec/2 §2): the user's people by degree, requests, trust and invites. */
export function NetworkScreen() {
  const [search, setSearch] = useSearchParams();
  const tab = tabFromSearch(search);
  const me = useMe();
  const summary = useNetworkSummaryQuery();
  const requests = useConnectionRequestsQuery();
  const favorite = useSetFavoriteMutation();
  const connect = useSendConnectionRequestMutation();
  const openChat = useOpenChatMutation();
  const navigate = useNavigate();
  const toast = useToast();
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const query = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchToggleRef = useRef<HTMLButtonElement>(null);
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (t: NetworkScreenTab) => `${baseId}-tab-${t}`;

  const requestedIds = useMemo(
    () => new Set((requests.data?.outgoing ?? []).map((r) => r.user.userId)),
    [requests.data],
  );

  const selectTab = (next: NetworkScreenTab) => {
    setSearch(searchForTab(search, next), { replace: true });
  };

  // Landing here right after an invitation was processed, or with more waiting for an answer
  // than when the requests tab last opened by itself, opens that tab, once per landing; a tab
  // named in the URL always wins.
  const autoTab = useRef(false);
  const explicitTab = search.has('tab') || search.has('filter');
  const pending = summary.data?.pendingRequests;
  useEffect(() => {
    if (autoTab.current || explicitTab) return;
    const afterInvite = search.get('inviteProcessing') === 'true';
    if (!afterInvite && pending === undefined) return;
    autoTab.current = true;
    if (afterInvite || shouldOpenRequests(pending ?? 0)) {
      setSearch(searchForTab(search, 'requests'), { replace: true });
    }
  }, [explicitTab, pending, search, setSearch]);

  const toggleSearch = () => {
    if (searchOpen) {
      setSearchOpen(false);
      setSearchText('');
      searchToggleRef.current?.focus();
    } else {
      setSearchOpen(true);
      // The input mounts with this render; focus it right after.
      requestAnimationFrame(() => searchRef.current?.focus());
    }
  };

  // The rows' handlers keep their identity across renders (their mutations' `mutate`, the toast
  // API and `navigate` are stable), so a row whose own props did not change skips the render
  // each answer of the screen's other queries brings (ConnectionRow is memoized, issue 17).
  const setFavorite = favorite.mutate;
  const onToggleFavorite = useCallback(
    (view: ConnectionView) => {
      const name = displayName(view.name);
      setFavorite(
        { userId: view.userId, favorite: !view.isFavorited },
        {
          onError: (error) =>
            toast.error(error.message || `Could not update ${name} in your favorites.`),
        },
      );
    },
    [setFavorite, toast],
  );

  const startChat = openChat.mutate;
  const onMessage = useCallback(
    (view: ConnectionView) => {
      startChat(view.userId, {
        onSuccess: (chat) => void navigate(`/chat/${chat.id}`),
        onError: (error) => toast.error(openChatErrorToast(error).message),
      });
    },
    [startChat, navigate, toast],
  );

  const sendRequest = connect.mutate;
  const onConnect = useCallback(
    (view: ConnectionView) => {
      const name = displayName(view.name);
      sendRequest(view.userId, {
        onSuccess: (result) => {
          const t = connectResultToast(result, name);
          toast.show(t.type, t.message);
        },
        onError: (error) => {
          const t = connectErrorToast(error, name);
          toast.show(t.type, t.message);
        },
      });
    },
    [sendRequest, toast],
  );

  const onAction = useCallback(
    (action: RowAction, view: ConnectionView) => setOverlay({ kind: 'action', action, view }),
    [setOverlay],
  );

  const openInvite = () => setOverlay({ kind: 'invite' });
  const locked = summary.data && tab !== 'requests' ? lockedTabText(tab, summary.data) : null;
  const trustScore = summary.data?.trustScore ?? me?.trustScore ?? null;

  return (
    <section className="screen network" aria-labelledby={`${baseId}-title`}>
      <header className="network__header">
        <div className="network__heading">
          <h1 id={`${baseId}-title`} className="screen__title">
            {networkMessages.title}
          </h1>
          <p className="muted network__count" data-testid="network-count">
            {summary.data ? connectionCountLabel(summary.data) : '\u00a0'}
          </p>
        </div>
        <div className="network__tools">
          <button
            type="button"
            className="trust-chip"
            onClick={() => setOverlay({ kind: 'trust' })}
            aria-label={trustScore === null ? 'Trust score' : `Trust score ${trustScore}`}
          >
            <ShieldIcon size={18} />
            <span aria-hidden="true">{trustScore ?? '–'}</span>
          </button>
          <button
            ref={searchToggleRef}
            type="button"
            className="icon-btn"
            aria-label={searchOpen ? 'Close search' : 'Search connections'}
            aria-expanded={searchOpen}
            onClick={toggleSearch}
          >
            {searchOpen ? <CloseIcon size={22} /> : <SearchIcon size={22} />}
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label={networkMessages.inviteFriends}
            onClick={openInvite}
          >
            <UserPlusIcon size={22} />
          </button>
        </div>
      </header>

      {searchOpen && (
        <div className="network__search" role="search">
          <SearchIcon size={18} className="network__search-icon" />
          <input
            ref={searchRef}
            type="search"
            className="network__search-input"
            placeholder={networkMessages.searchPlaceholder}
            aria-label="Search connections by name"
            value={searchText}
            maxLength={100}
            onChange={(event) => setSearchText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                toggleSearch();
              }
            }}
          />
        </div>
      )}

      {summary.isError && (
        <div className="banner banner--error" role="alert">
          <span>{networkMessages.failedToLoad}</span>
          <RetryButton onRetry={() => summary.refetch()} />
        </div>
      )}

      <NetworkTabs
        selected={tab}
        summary={summary.data}
        waiting={summary.isPending}
        panelId={panelId}
        tabId={tabId}
        onSelect={selectTab}
      />

      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(tab)}
        className="network__panel"
        tabIndex={-1}
      >
        {tab === 'requests' ? (
          <RequestsPanel query={query} onInvite={openInvite} />
        ) : locked ? (
          <LockedTab text={locked} />
        ) : (
          <ConnectionList
            key={tab}
            tab={tab}
            query={query}
            enabled={
              Boolean(summary.data) || tab === 'all' || tab === 'first' || tab === 'favorites'
            }
            requestedIds={requestedIds}
            connectingId={connect.isPending ? connect.variables : null}
            messagingId={openChat.isPending ? openChat.variables : null}
            onToggleFavorite={onToggleFavorite}
            onMessage={onMessage}
            onConnect={onConnect}
            onAction={onAction}
            onInvite={openInvite}
            lockedDegrees={lockedDegrees(summary.data?.unlockedTabs)}
          />
        )}
      </div>

      {overlay?.kind === 'invite' && <InviteFriendsDialog onClose={() => setOverlay(null)} />}
      {overlay?.kind === 'trust' && (
        <TrustScoreSheet onClose={() => setOverlay(null)} onInvite={openInvite} />
      )}
      {overlay?.kind === 'action' && (
        <PersonActionDialog
          action={overlay.action}
          person={overlay.view}
          onClose={() => setOverlay(null)}
        />
      )}
    </section>
  );
}
