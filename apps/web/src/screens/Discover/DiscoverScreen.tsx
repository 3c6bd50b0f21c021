import {
  discoverFilterMessages,
  discoverMessages,
  networkMessages,
  settingsMessages,
  type DiscoverProfile,
} from '@heartline/domain';
import { useQueryClient } from '@tanstack/react-query';
import {
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from '../../app/navigation.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { afterNextFrame } from '../../lib/after-frame.ts';
import { UserPlusIcon } from '../../components/NetworkIcons.tsx';
import { RetryButton } from '../../components/RetryButton.tsx';
import {
  deckCards,
  dropCard,
  markConnectRequested,
  reloadDiscover,
  usePendingSwipeIds,
  useDiscoverQuery,
  useResetDiscoverMutation,
  useSwipeMutation,
  useUndoPassMutation,
  type SwipeKind,
} from '../../state/queries/discover.ts';
import { useSendConnectionRequestMutation } from '../../state/queries/requests.ts';
import { useUpdateSettingsMutation } from '../../state/queries/settings.ts';
import { connectErrorToast, connectResultToast } from '../Network/connect-toast.ts';
import type { ActionTarget } from '../shared/person-actions.ts';
import { DiscoverCard, type CardSafetyAction } from './DiscoverCard.tsx';
import { CardActions } from './CardActions.tsx';
import { DiscoverFilters } from './DiscoverFilters.tsx';
import { FiltersIcon } from './DiscoverIcons.tsx';
import { DiscoverProgress } from './DiscoverProgress.tsx';
import {
  DiscoverAllCaughtUp,
  DiscoverCaughtUp,
  DiscoverEmpty,
  DiscoverError,
  DiscoverLoading,
} from './DiscoverStates.tsx';
import {
  deckEnd,
  personName,
  profileCountLabel,
  swipeErrorText,
  type CardGesture,
} from './discover-view.ts';
import { DiscoverOverlay, type Overlay } from './DiscoverOverlay.tsx';
import { takeProfileIntent } from './profile-intent.ts';
import { UndoBar } from './UndoBar.tsx';
import { FLY_MS, type GestureSource } from './use-card-swipe.ts';
import './discover.css';

/** spec/2 §2: the next page is asked for when the user is this many cards from the end. */
const PREFETCH_AT = 5;

/**
 * Discover (spec/2 §2): one ranked profile at a time from the user's network. Swipe or use the
 * arrow keys (right like, left pass, up skip, down path), press and hold to super like, or the
 * buttons, which ask first.
 */
export function DiscoverScreen() {
  const feed = useDiscoverQuery();
  const swipe = useSwipeMutation();
  const undo = useUndoPassMutation();
  const reset = useResetDiscoverMutation();
  const connect = useSendConnectionRequestMutation();
  const pendingIds = usePendingSwipeIds();
  const queryClient = useQueryClient();
  const toast = useToast();
  const settingsUpdate = useUpdateSettingsMutation();
  const resume = () =>
    settingsUpdate.mutate(
      { discover: { paused: false } },
      {
        onSuccess: () => toast.success(settingsMessages.resumed),
        onError: () => toast.error(settingsMessages.saveFailed),
      },
    );
  const navigate = useNavigate();
  const titleId = useId();
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const [undoable, setUndoable] = useState<{ profile: DiscoverProfile; at: number } | null>(null);
  const [focusCard, setFocusCard] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [filters, setFilters] = useState(false);

  const first = feed.data?.pages[0];
  const cards = useMemo(
    () => deckCards(feed.data).filter((card) => !pendingIds.has(card.id)),
    [feed.data, pendingIds],
  );
  // Cards acted on by a swipe stay on screen while they fly out (`FLY_MS`); the next card comes
  // forward a frame after the flight starts, and the card under it is mounted in a deferred
  // render after that, so a swipe's work is spread over frames rather than done in one.
  const [leaving, setLeaving] = useState<DiscoverProfile[]>([]);
  const flying = useMemo(() => new Set(leaving.map((card) => card.id)), [leaving]);
  const visible = useMemo(() => cards.filter((card) => !flying.has(card.id)), [cards, flying]);
  const current = visible[0];
  const deferredNext = useDeferredValue(visible[1]);
  const next =
    deferredNext && deferredNext.id !== current?.id && !flying.has(deferredNext.id)
      ? deferredNext
      : undefined;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;

  useEffect(() => {
    if (cards.length > PREFETCH_AT || !hasNextPage) return;
    if (isFetchingNextPage || isFetchNextPageError) return;
    void fetchNextPage();
  }, [cards.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // Dialog hands focus back to its opener itself, but the trust sheet (BottomSheet) still
  // closes after React removed it, when the browser has nothing to restore from; so the screen
  // does it for every overlay: to the control or card that opened the first one. It can go once
  // BottomSheet closes in a layout effect as Dialog does.
  const opener = useRef<HTMLElement | null>(null);
  const restoreTo = useRef<HTMLElement | null>(null);
  const open = (next: Overlay) => {
    const active = document.activeElement;
    opener.current ??= active instanceof HTMLElement ? active : null;
    setOverlay(next);
  };
  /** A card button asked: focus stays with the buttons, not with the next card. */
  const openFromButton = (next: Overlay) => {
    setFocusCard(false);
    open(next);
  };
  const closeOverlay = () => {
    restoreTo.current = opener.current;
    opener.current = null;
    setOverlay(null);
  };
  useEffect(() => {
    if (overlay !== null) return;
    const back = restoreTo.current;
    restoreTo.current = null;
    if (back?.isConnected) back.focus({ preventScroll: true });
  }, [overlay]);
  const dismissUndo = useCallback(() => setUndoable(null), []);

  const act = (kind: SwipeKind, profile: DiscoverProfile) => {
    const name = personName(profile);
    // Not in the frame where the card leaves: the bar goes in a render of its own.
    startTransition(() => setUndoable(null));
    swipe
      .mutateAsync({ kind, profile })
      .then((result) => {
        if (kind === 'pass') setUndoable({ profile, at: Date.now() });
        if (kind !== 'like' && kind !== 'superlike') return;
        if (result?.matched && result.match) {
          open({ kind: 'match', match: result.match });
        } else {
          toast.success(
            kind === 'superlike' ? discoverMessages.superLiked : discoverMessages.youLiked(name),
          );
        }
      })
      .catch((error: unknown) => toast.error(swipeErrorText(kind, error)));
  };

  const onGesture = (profile: DiscoverProfile, gesture: CardGesture, source: GestureSource) => {
    setFocusCard(source.hadFocus);
    if (gesture === 'path') {
      open({ kind: 'path', profile });
    } else if (gesture === 'superlike' && !source.flying) {
      // Held on the card: it asks first, as the button does.
      open({ kind: 'superlike', profile });
    } else if (source.flying) {
      // The card stays until it has flown off while the next one comes forward; the request
      // (and the deck's update in the cache) waits for the frame that shows that.
      setLeaving((cards) => [...cards, profile]);
      setTimeout(
        () => setLeaving((cards) => cards.filter((card) => card.id !== profile.id)),
        FLY_MS,
      );
      afterNextFrame(() => act(gesture, profile));
    } else {
      act(gesture, profile);
    }
  };
  // The cards get the same callbacks on every render, so their memo holds.
  const onTrust = (profile: DiscoverProfile) => open({ kind: 'trust', profile });
  const onSafety = (profile: DiscoverProfile, action: CardSafetyAction) =>
    open({
      kind: 'safety',
      action,
      person: { userId: profile.id, name: personName(profile) },
      from: 'discover',
    });
  const onOpen = (profile: DiscoverProfile) => void navigate(`/people/${profile.id}?from=discover`);
  const cardHandlers = useRef({ onGesture, onTrust, onSafety, onOpen });
  useEffect(() => {
    cardHandlers.current = { onGesture, onTrust, onSafety, onOpen };
  });
  const onCardGesture = useCallback(
    (profile: DiscoverProfile, gesture: CardGesture, source: GestureSource) =>
      cardHandlers.current.onGesture(profile, gesture, source),
    [],
  );
  const onCardTrust = useCallback(
    (profile: DiscoverProfile) => cardHandlers.current.onTrust(profile),
    [],
  );
  const onCardSafety = useCallback(
    (profile: DiscoverProfile, action: CardSafetyAction) =>
      cardHandlers.current.onSafety(profile, action),
    [],
  );
  const onCardOpen = useCallback(
    (profile: DiscoverProfile) => cardHandlers.current.onOpen(profile),
    [],
  );

  // Back from a card's profile with a like, pass or super like chosen there: the card's own
  // button runs for that person (its confirmation first), if they are still the current card.
  const currentId = current?.id;
  useEffect(() => {
    if (!current) return;
    const kind = takeProfileIntent(current.id);
    // In the frame after the deck is on screen, as a tap on the card's button would be.
    if (kind) afterNextFrame(() => openFromButton({ kind, profile: current }));
    // Only when the current card changes (the screen mounting with it, after the profile).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentId]);

  /** Blocked from their card: it leaves the deck as after a pass (no undo), the next has focus. */
  const onBlockedFromCard = (person: ActionTarget) => {
    dropCard(queryClient, person.userId);
    setFocusCard(true);
  };

  const undoPass = (profile: DiscoverProfile) => {
    undo
      .mutateAsync(profile)
      .then(() => {
        setUndoable(null);
        setFocusCard(true);
      })
      .catch((error: unknown) => {
        setUndoable(null);
        toast.error(error instanceof Error ? error.message : discoverMessages.nothingToUndo);
      });
  };

  const sendRequest = async (profile: DiscoverProfile) => {
    const name = personName(profile);
    try {
      const result = await connect.mutateAsync(profile.id);
      markConnectRequested(queryClient, profile.id);
      const t = connectResultToast(result, name);
      toast.show(t.type, t.message);
    } catch (error) {
      const t = connectErrorToast(error, name);
      toast.show(t.type, t.message);
    }
  };

  const startOver = () => {
    setUndoable(null);
    reset
      .mutateAsync()
      .then(() => toast.success(discoverMessages.reset))
      .catch((error: unknown) =>
        toast.error(error instanceof Error ? error.message : discoverMessages.failedToLoad),
      );
  };

  const refresh = () => {
    setRefreshing(true);
    void reloadDiscover(queryClient).finally(() => setRefreshing(false));
  };

  const openInvite = () => open({ kind: 'invite' });

  // The undo after a pass takes the progress strip's place, under the header, never over it or
  // over the card's buttons (issue 45).
  const undoBar = undoable && (
    <UndoBar
      key={undoable.at}
      name={personName(undoable.profile)}
      busy={undo.isPending}
      onUndo={() => undoPass(undoable.profile)}
      onDismiss={dismissUndo}
    />
  );

  let content;
  if (feed.isPending) {
    content = <DiscoverLoading />;
  } else if (!first) {
    content = <DiscoverError onRetry={() => feed.refetch()} busy={feed.isFetching} />;
  } else if (current || leaving.length > 0) {
    const acted = first.acted ?? 0;
    // One keyed list, in this order: the cards flying out, the current card, the one behind
    // it (stacked by z-index). A card changing role keeps its element (a remount would drop
    // its flight) and never moves in the DOM (a move would cut its transition short).
    const stack = [
      ...leaving.map((profile) => ({ profile, role: 'leaving' as const })),
      ...(current ? [{ profile: current, role: 'current' as const }] : []),
      ...(next ? [{ profile: next, role: 'behind' as const }] : []),
    ];
    content = (
      <>
        {undoBar || (
          <DiscoverProgress index={acted} total={first.total ?? 0} capped={first.totalCapped} />
        )}
        <div className="dstage">
          {stack.map(({ profile, role }) => (
            <DiscoverCard
              key={profile.id}
              profile={profile}
              leaving={role === 'leaving'}
              behind={role === 'behind'}
              autoFocus={role === 'current' && focusCard}
              onGesture={onCardGesture}
              onTrust={onCardTrust}
              onSafety={onCardSafety}
              onOpen={onCardOpen}
            />
          ))}
        </div>
        {current && (
          <CardActions
            name={personName(current)}
            onPath={() => open({ kind: 'path', profile: current })}
            onPass={() => openFromButton({ kind: 'decline', profile: current })}
            onLike={() => openFromButton({ kind: 'like', profile: current })}
            onSuperLike={() => openFromButton({ kind: 'superlike', profile: current })}
            onSkip={() => {
              setFocusCard(false);
              act('skip', current);
            }}
          />
        )}
      </>
    );
  } else if (hasNextPage) {
    content = isFetchNextPageError ? (
      <div className="dstate" role="alert">
        <p>{discoverMessages.failedToLoad}</p>
        <RetryButton onRetry={() => fetchNextPage()} />
      </div>
    ) : (
      <DiscoverLoading label="Loading more people..." />
    );
  } else {
    const end = deckEnd({
      skipped: first.skipped,
      acted: first.acted ?? 0,
      emptyReason: first.emptyReason,
    });
    switch (end.kind) {
      case 'empty':
        content = (
          <DiscoverEmpty
            reason={end.reason}
            onInvite={openInvite}
            onResume={resume}
            onFilters={() => setFilters(true)}
            resuming={settingsUpdate.isPending}
            focus={focusCard}
          />
        );
        break;
      case 'reset':
        content = (
          <DiscoverAllCaughtUp onReset={startOver} busy={reset.isPending} focus={focusCard} />
        );
        break;
      case 'caught-up':
        content = <DiscoverCaughtUp onRefresh={refresh} busy={refreshing} focus={focusCard} />;
        break;
    }
  }

  return (
    <section className="screen discover" aria-labelledby={titleId}>
      <header className="discover__header">
        <div className="discover__heading">
          <h1 id={titleId} className="screen__title">
            Discover
          </h1>
          <p className="muted discover__count" data-testid="discover-count">
            {first?.total != null ? profileCountLabel(first.total, first.totalCapped) : '\u00a0'}
          </p>
        </div>
        <div className="discover__tools">
          <button
            type="button"
            className="icon-btn"
            aria-label={discoverFilterMessages.title}
            onClick={() => setFilters(true)}
          >
            <FiltersIcon size={22} />
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

      {!(current || leaving.length > 0) && undoBar}
      {content}

      {filters && <DiscoverFilters onClose={() => setFilters(false)} />}
      {overlay && (
        <DiscoverOverlay
          overlay={overlay}
          onOpen={open}
          onClose={closeOverlay}
          onAct={act}
          onSendRequest={sendRequest}
          onSendMessage={(chatId) => void navigate(`/chat/${chatId}`)}
          onBlockedFromCard={onBlockedFromCard}
        />
      )}
    </section>
  );
}
