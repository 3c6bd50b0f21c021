import { chatMessages, networkMessages, type ChatSummary } from '@heartline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { ChatIcon } from '../../components/Icons.tsx';
import { SearchIcon, UserPlusIcon } from '../../components/NetworkIcons.tsx';
import { RetryButton } from '../../components/RetryButton.tsx';
import { useNow } from '../../lib/use-now.ts';
import { useLive, useOutbox } from '../../state/chat/use-chat-live.ts';
import { useChatsQuery } from '../../state/queries/chat.ts';
import { chatKeys } from '../../state/queries/chat-keys.ts';
import { useMe } from '../../state/queries/session.ts';
import { InviteFriendsDialog } from '../Network/InviteFriendsDialog.tsx';
import { ChatRow } from './ChatRow.tsx';
import { chatRows, filterChats } from './chat-view.ts';

/** Time labels move on ('14:02' becomes 'Yesterday') while the list is open. */
const LABEL_REFRESH_MS = 60_000;

/** The chat list (spec/3 §2): conversations, newest first, searchable, with live typing. */
export function ChatScreen() {
  const chats = useChatsQuery();
  const outbox = useOutbox();
  const live = useLive();
  const now = useNow(LABEL_REFRESH_MS);
  const queryClient = useQueryClient();
  const userId = useMe()?.id;
  const [query, setQuery] = useState('');
  const [inviteOpen, setInviteOpen] = useState(false);
  const titleId = useId();

  const rows = useMemo(() => {
    const listed = chats.data?.chats ?? [];
    // The list leaves out chats without messages: one whose first message is still sending
    // shows from its own cached summary.
    const unlisted = new Set(outbox.entries.map((e) => e.chatId));
    for (const chat of listed) unlisted.delete(chat.id);
    const extra = [...unlisted].flatMap((chatId) => {
      const summary = userId
        ? queryClient.getQueryData<ChatSummary>(chatKeys.chat(userId, chatId))
        : undefined;
      return summary ? [summary] : [];
    });
    return chatRows([...listed, ...extra], outbox.entries);
  }, [chats.data, outbox.entries, queryClient, userId]);
  const shown = useMemo(() => filterChats(rows, query), [rows, query]);

  return (
    <section className="screen chats" aria-labelledby={titleId}>
      <header className="chats__header">
        <div className="chats__heading">
          <h1 id={titleId} className="screen__title">
            {chatMessages.title}
          </h1>
          <p className="muted chats__count" data-testid="chat-count">
            {chats.data ? chatMessages.conversationsCount(rows.length) : '\u00a0'}
          </p>
        </div>
        <button
          type="button"
          className="icon-btn"
          aria-label={networkMessages.inviteFriends}
          onClick={() => setInviteOpen(true)}
        >
          <UserPlusIcon size={22} />
        </button>
      </header>

      <div className="network__search" role="search">
        <SearchIcon size={18} className="network__search-icon" />
        <input
          type="search"
          className="network__search-input"
          placeholder={chatMessages.searchPlaceholder}
          aria-label="Search conversations by name or message"
          value={query}
          maxLength={100}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>

      {/* Each state keyed: React would otherwise reuse the spinner's element as the empty
          state's, and the browser counts that element's move as a layout shift. */}
      {chats.isPending ? (
        <div key="loading" className="network-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading conversations...</span>
        </div>
      ) : chats.isError && !chats.data ? (
        <div key="error" className="network-empty" role="alert">
          <h2 className="network-empty__title">{chatMessages.errorLoading}</h2>
          <p className="muted">{chatMessages.loadFailed}</p>
          <RetryButton onRetry={() => chats.refetch()} busy={chats.isFetching} />
        </div>
      ) : rows.length === 0 ? (
        <div key="empty" className="network-empty">
          <span className="network-empty__icon" aria-hidden="true">
            <ChatIcon size={28} />
          </span>
          <h2 className="network-empty__title">{chatMessages.emptyTitle}</h2>
          <p className="muted">{chatMessages.emptyText}</p>
        </div>
      ) : shown.length === 0 ? (
        <div key="no-matches" className="network-empty" role="status">
          <span className="network-empty__icon" aria-hidden="true">
            <SearchIcon size={28} />
          </span>
          <h2 className="network-empty__title">{chatMessages.noMatchesTitle}</h2>
          <p className="muted">{chatMessages.noMatchesText}</p>
        </div>
      ) : (
        <ul className="chat-list" aria-label="Conversations">
          {shown.map((row) => (
            <ChatRow key={row.chat.id} row={row} typing={live.typing.has(row.chat.id)} now={now} />
          ))}
        </ul>
      )}

      {inviteOpen && <InviteFriendsDialog onClose={() => setInviteOpen(false)} />}
    </section>
  );
}
