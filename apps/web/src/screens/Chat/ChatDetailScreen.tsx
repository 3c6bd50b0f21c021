import {
  chatMessages,
  presenceLabel,
  settingsMessages,
  shellMessages,
  type Me,
} from '@heartline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from '../../app/navigation.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { ChatIcon } from '../../components/Icons.tsx';
import { RetryButton } from '../../components/RetryButton.tsx';
import { usePageVisible, useNow } from '../../lib/use-now.ts';
import { setOpenChat } from '../../state/chat/active-chat.ts';
import { invalidateChats, latestFromOther } from '../../state/chat/chat-cache.ts';
import { chatRuntime } from '../../state/chat/chat-runtime.ts';
import { liveStore } from '../../state/chat/live-store.ts';
import { useLive, useOutbox } from '../../state/chat/use-chat-live.ts';
import {
  isChatNotFound,
  useChatQuery,
  useMarkReadMutation,
  useMessagesQuery,
  useMuteChatMutation,
} from '../../state/queries/chat.ts';
import { useMe } from '../../state/queries/session.ts';
import { realtimeClient } from '../../state/realtime/socket-client.ts';
import { useRealtimeStatus } from '../../state/realtime/use-realtime-status.ts';
import { PersonActionDialog } from '../shared/PersonActionDialog.tsx';
import type { PersonAction } from '../shared/person-actions.ts';
import { ChatHeader } from './ChatHeader.tsx';
import { ChatProfileSheet } from './ChatProfileSheet.tsx';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';
import { buildTimeline, canUnmatch, chatName, reportEvidence } from './chat-view.ts';
import { useVisualViewportFit } from './use-visual-viewport.ts';

/** spec/3 §4: presence labels ('Away • 3 m ago') are worked out again every 30 s. */
const PRESENCE_REFRESH_MS = 30_000;

/** Shown instead of the input once the two may no longer message each other. */
export const CHAT_CLOSED_TEXT = 'You can no longer message this person.';

/** The chat screen (spec/3 §2, /chat/{chatId}). */
export function ChatDetailScreen() {
  const { chatId = '' } = useParams();
  const me = useMe();
  if (me === null) {
    return (
      <ChatNotice title={chatMessages.pleaseLogIn}>
        <Link to="/auth" className="btn btn--primary">
          Sign in
        </Link>
      </ChatNotice>
    );
  }
  if (!me) return null;
  return <Conversation key={chatId} chatId={chatId} me={me} />;
}

type Overlay = { kind: 'profile' } | { kind: 'action'; action: PersonAction };

function Conversation({ chatId, me }: { chatId: string; me: Me }) {
  const chat = useChatQuery(chatId);
  const messages = useMessagesQuery(chatId, !(chat.isError && isChatNotFound(chat.error)));
  const markRead = useMarkReadMutation(chatId);
  const mute = useMuteChatMutation(chatId);
  const outbox = useOutbox();
  const live = useLive();
  const status = useRealtimeStatus();
  const visible = usePageVisible();
  const now = useNow(PRESENCE_REFRESH_MS);
  const fit = useVisualViewportFit();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const [sentCount, setSentCount] = useState(0);
  const readRequested = useRef(0);

  const summary = chat.data;
  const otherUserId = summary?.otherUserId;
  const name = summary ? chatName(summary.name) : '';

  useEffect(() => {
    setOpenChat(chatId);
    return () => setOpenChat(null);
  }, [chatId]);

  // Presence of the other person: asked on opening and again after every reconnect.
  useEffect(() => {
    if (!otherUserId || status !== 'online') return;
    let current = true;
    void realtimeClient.watchPresence([otherUserId]).then((list) => {
      if (current && list) liveStore.presenceList(list);
    });
    return () => {
      current = false;
    };
  }, [otherUserId, status]);

  const stored = useMemo(
    () => messages.data?.pages.flatMap((page) => page.messages) ?? [],
    [messages.data],
  );
  const pending = useMemo(
    () => outbox.entries.filter((e) => e.chatId === chatId),
    [outbox.entries, chatId],
  );
  const inFlight = useMemo(
    () => new Set(pending.filter((e) => e.clientId === outbox.sending).map((e) => e.content)),
    [pending, outbox.sending],
  );
  const timeline = useMemo(
    () =>
      summary
        ? buildTimeline({
            messages: stored,
            pending,
            chat: summary,
            userId: me.id,
            now: new Date(now),
            complete: !messages.hasNextPage,
          })
        : [],
    [summary, stored, pending, me.id, now, messages.hasNextPage],
  );

  // What is on screen is read (what arrived is acknowledged as delivered by the chat runtime).
  const latestOther = latestFromOther(stored, me.id);
  const { mutate: markReadUpTo } = markRead;
  useEffect(() => {
    if (!summary || !visible || latestOther <= summary.readSeq) return;
    if (latestOther <= readRequested.current) return;
    readRequested.current = latestOther;
    markReadUpTo(latestOther, {
      onError: () => {
        readRequested.current = 0;
      },
    });
  }, [summary, visible, latestOther, markReadUpTo]);

  // Gone, or hidden by a block (which reads as not found): nothing cached is shown.
  const notFound =
    (chat.isError && isChatNotFound(chat.error)) ||
    (messages.isError && isChatNotFound(messages.error));
  if (notFound) {
    return (
      <ChatNotice title={chatMessages.chatNotFound}>
        <p className="muted">This conversation does not exist or is no longer available.</p>
        <Link to="/chat" className="btn btn--primary">
          Back to chats
        </Link>
      </ChatNotice>
    );
  }
  if (chat.isError && !summary) {
    return (
      <ChatNotice title={chatMessages.errorLoading}>
        <p className="muted">{chat.error.message}</p>
        <RetryButton onRetry={() => chat.refetch()} busy={chat.isFetching} />
      </ChatNotice>
    );
  }

  const typing = live.typing.get(chatId);
  // Offline, nobody's presence is known: the last one heard is not shown as if live (issue 45).
  const presence =
    status === 'online'
      ? presenceLabel(otherUserId ? live.presence.get(otherUserId) : undefined, now)
      : shellMessages.connecting;

  const placeholder =
    !summary || messages.isPending ? (
      <p className="chat__state" role="status">
        <span className="spinner spinner--sm" aria-hidden="true" />
        {chatMessages.loadingMessages}
      </p>
    ) : messages.isError && stored.length === 0 ? (
      <div className="chat__state" role="alert">
        <p>{messages.error.message}</p>
        <RetryButton onRetry={() => messages.refetch()} busy={messages.isFetching} />
      </div>
    ) : timeline.length === 0 ? (
      <div className="chat__state">
        <span className="network-empty__icon" aria-hidden="true">
          <ChatIcon size={28} />
        </span>
        <p className="chat__state-title">{chatMessages.noMessagesTitle}</p>
        <p className="muted">{chatMessages.noMessagesText}</p>
      </div>
    ) : undefined;

  const send = (text: string): boolean => {
    if (!summary || !chatRuntime.send(chatId, text)) return false;
    setSentCount((n) => n + 1);
    return true;
  };

  const onMute = () => {
    if (!summary) return;
    const next = !summary.muted;
    mute.mutate(next, {
      onSuccess: ({ muted }) => toast.success(muted ? chatMessages.muted : chatMessages.unmuted),
      onError: (error) => toast.error(error.message),
    });
  };

  const onActionDone = (action: PersonAction) => {
    void invalidateChats(queryClient, chatId);
    // A blocked person's chat is gone for the blocker (docs/API-chat.md); an unmatched one's is
    // closed, and the list is where the person goes on from.
    if (action === 'block' || action === 'unmatch') void navigate('/chat', { replace: true });
  };

  return (
    <section
      className="chat"
      style={fit.style}
      data-keyboard={fit.keyboardOpen || undefined}
      aria-label={summary ? `Chat with ${name}` : chatMessages.loadingMessages}
    >
      <ChatHeader
        name={name}
        avatar={summary?.avatar ?? null}
        status={presence}
        typing={typing !== undefined}
        muted={summary ? summary.muted : null}
        muting={mute.isPending}
        isFriend={summary?.isFriend ?? false}
        canUnmatch={summary ? canUnmatch(summary) : false}
        onProfile={() => setOverlay({ kind: 'profile' })}
        onMute={onMute}
        onAction={(action) => setOverlay({ kind: 'action', action })}
      />
      <MessageList
        items={timeline}
        otherName={name}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        // A page already on its way is not asked for again.
        onLoadOlder={() => void messages.fetchNextPage({ cancelRefetch: false })}
        sentCount={sentCount}
        viewportKey={`${fit.keyboardOpen}-${String(fit.style?.height ?? '')}`}
        placeholder={placeholder}
      />
      {summary && !summary.canMessage ? (
        <p className="chat__closed" role="note">
          {summary.closedReason === 'needs_verified'
            ? settingsMessages.needsVerifiedAccount
            : CHAT_CLOSED_TEXT}
        </p>
      ) : (
        <Composer chatId={chatId} ready={Boolean(summary)} inFlight={inFlight} onSend={send} />
      )}
      {overlay?.kind === 'profile' && summary && (
        <ChatProfileSheet chat={summary} presence={presence} onClose={() => setOverlay(null)} />
      )}
      {overlay?.kind === 'action' && summary && (
        <PersonActionDialog
          action={overlay.action}
          person={{ userId: summary.otherUserId, name: summary.name }}
          report={{ context: 'chat', messageIds: reportEvidence(stored, summary.otherUserId) }}
          onDone={onActionDone}
          onClose={() => setOverlay(null)}
        />
      )}
    </section>
  );
}

function ChatNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="screen screen--center" aria-labelledby="chat-notice-title">
      <div className="coming-soon">
        <span className="coming-soon__icon" aria-hidden="true">
          <ChatIcon size={32} />
        </span>
        <h1 id="chat-notice-title" className="screen__title">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
