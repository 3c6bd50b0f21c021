import { chatMessages } from '@heartline/domain';
import { Link } from '../../app/navigation.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { BellIcon, BellOffIcon } from '../../components/ChatIcons.tsx';
import { ArrowLeftIcon, PersonIcon } from '../../components/Icons.tsx';
import { BlockIcon, FlagIcon, UserMinusIcon } from '../../components/NetworkIcons.tsx';
import type { RowAction } from '../Network/ConnectionRow.tsx';
import { RowMenu, type RowMenuItem } from '../Network/RowMenu.tsx';

type ChatHeaderProps = {
  name: string;
  avatar: string | null;
  /** 'typing...', the presence label, or nothing. */
  status: string;
  typing: boolean;
  /** Unknown until the chat loads: the actions wait for it. */
  muted: boolean | null;
  muting: boolean;
  /** Disconnect is offered to friends only. */
  isFriend: boolean;
  onProfile: () => void;
  onMute: () => void;
  onAction: (action: RowAction) => void;
};

/**
 * The chat header (spec/3 §2, 60 px): back to the list, who this is and whether they are
 * around, and three actions: their profile, muting this chat, and block/report/disconnect.
 */
export function ChatHeader({
  name,
  avatar,
  status,
  typing,
  muted,
  muting,
  isFriend,
  onProfile,
  onMute,
  onAction,
}: ChatHeaderProps) {
  const items: RowMenuItem[] = [
    ...(isFriend
      ? [
          {
            label: 'Disconnect',
            icon: <UserMinusIcon size={20} />,
            onSelect: () => onAction('disconnect'),
          },
        ]
      : []),
    {
      label: 'Block',
      icon: <BlockIcon size={20} />,
      onSelect: () => onAction('block'),
      danger: true,
    },
    {
      label: 'Report',
      icon: <FlagIcon size={20} />,
      onSelect: () => onAction('report'),
      danger: true,
    },
  ];

  return (
    <header className="chat__header">
      <Link to="/chat" className="icon-btn" aria-label="Back to chats">
        <ArrowLeftIcon size={22} />
      </Link>
      <Avatar user={{ name, photoUrl: avatar }} size="md" className="chat__avatar" />
      <div className="chat__who">
        <h1 className="chat__name">{name}</h1>
        {(typing || status) && (
          <p
            className={`chat__status${typing ? ' chat__status--typing' : ''}`}
            data-testid="chat-status"
          >
            {typing ? chatMessages.typing : status}
          </p>
        )}
      </div>
      <div className="chat__actions">
        <button
          type="button"
          className="icon-btn"
          aria-label={`View ${name}'s profile`}
          onClick={onProfile}
        >
          <PersonIcon size={22} />
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label="Mute notifications"
          aria-pressed={muted ?? false}
          disabled={muted === null || muting}
          onClick={onMute}
        >
          {muted ? <BellOffIcon size={22} /> : <BellIcon size={22} />}
        </button>
        <RowMenu label={`More options for ${name}`} items={items} />
      </div>
    </header>
  );
}
