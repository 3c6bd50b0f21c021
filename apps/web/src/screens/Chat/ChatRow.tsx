import { chatMessages } from '@heartline/domain';
import { Link } from '../../app/navigation.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { BellOffIcon, ClockIcon } from '../../components/ChatIcons.tsx';
import { HeartIcon, PeopleIcon } from '../../components/Icons.tsx';
import { chatName, chatTimeLabel, type ChatRowView } from './chat-view.ts';

type ChatRowProps = { row: ChatRowView; typing: boolean; now: number };

/**
 * One conversation (spec/3 §2): avatar with a match heart or friends badge, name, time, the
 * last message's preview (or 'typing...'), and the unread count.
 */
export function ChatRow({ row, typing, now }: ChatRowProps) {
  const { chat } = row;
  const name = chatName(chat.name);
  const unread = row.unread !== '';
  return (
    <li>
      <Link
        to={`/chat/${chat.id}`}
        className="chat-row"
        data-testid="chat-row"
        data-unread={unread || undefined}
      >
        <span className="chat-row__avatar">
          <Avatar user={{ name, photoUrl: chat.avatar }} size="lg" />
          <span
            className={`chat-kind chat-kind--${chat.isMatch ? 'match' : 'friend'}`}
            role="img"
            aria-label={chat.isMatch ? 'Match' : 'Friend'}
          >
            {chat.isMatch ? <HeartIcon size={12} /> : <PeopleIcon size={12} />}
          </span>
        </span>
        <span className="chat-row__text">
          <span className="chat-row__top">
            <span className="chat-row__name">{name}</span>
            {chat.muted && (
              <span className="chat-row__muted" title={chatMessages.mutedMark}>
                <BellOffIcon size={14} />
                <span className="visually-hidden">{chatMessages.mutedMark}</span>
              </span>
            )}
            <time className="chat-row__time" dateTime={row.timestamp}>
              {chatTimeLabel(row.timestamp, new Date(now))}
            </time>
          </span>
          <span className="chat-row__bottom">
            {typing ? (
              <span className="chat-row__preview chat-row__preview--typing">
                {chatMessages.typing}
              </span>
            ) : (
              <span className="chat-row__preview">
                {row.sending && (
                  <>
                    <ClockIcon size={14} className="chat-row__sending" />
                    <span className="visually-hidden">Sending: </span>
                  </>
                )}
                {row.preview}
              </span>
            )}
            {unread && (
              <span className={`chat-row__unread${chat.muted ? ' chat-row__unread--muted' : ''}`}>
                {row.unread}
                <span className="visually-hidden"> unread</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
