import { chatMessages } from '@heartline/domain';
import { Link } from '../../app/navigation.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { BellIcon, BellOffIcon, HeartOffIcon } from '../../components/ChatIcons.tsx';
import { ArrowLeftIcon, PersonIcon } from '../../components/Icons.tsx';
import { MenuButton, type MenuItem } from '../../components/MenuButton.tsx';
import { BlockIcon, FlagIcon, UserMinusIcon } from '../../components/NetworkIcons.tsx';
import type { PersonAction } from '../shared/person-actions.ts';

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
  /** Unmatch: a match with someone who is not a friend (chat-view.ts canUnmatch). */
  canUnmatch: boolean;
  onProfile: () => void;
  onMute: () => void;
  onAction: (action: PersonAction) => void;
};

/**
 * The chat header (spec/3 §2, 60 px): back to the list, who this is and whether they are
 * around (the name and photo open their profile), and one menu: their profile, muting this
 * chat, and unmatch/disconnect/block/report. One menu rather than three buttons leaves the name room
 * at phone width (issue 45: 'Bruno Brand…' at 390 px); a muted chat shows its mark by the name.
 */
export function ChatHeader({
  name,
  avatar,
  status,
  typing,
  muted,
  muting,
  isFriend,
  canUnmatch,
  onProfile,
  onMute,
  onAction,
}: ChatHeaderProps) {
  const items: MenuItem[] = [
    { label: 'View profile', icon: <PersonIcon size={20} />, onSelect: onProfile },
    ...(muted === null || muting
      ? []
      : [
          {
            label: muted ? chatMessages.unmute : chatMessages.mute,
            icon: muted ? <BellIcon size={20} /> : <BellOffIcon size={20} />,
            onSelect: onMute,
          },
        ]),
    ...(canUnmatch
      ? [
          {
            label: 'Unmatch',
            icon: <HeartOffIcon size={20} />,
            onSelect: () => onAction('unmatch'),
          },
        ]
      : []),
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
      <button
        type="button"
        className="chat__who"
        aria-label={`View ${name}'s profile`}
        onClick={onProfile}
      >
        <Avatar user={{ name, photoUrl: avatar }} size="md" className="chat__avatar" />
        <span className="chat__who-text">
          <span className="chat__name-line">
            <span className="chat__name">{name}</span>
            {muted && (
              <span className="chat__muted" title={chatMessages.mutedMark}>
                <BellOffIcon size={16} />
                <span className="visually-hidden">{chatMessages.mutedMark}</span>
              </span>
            )}
          </span>
          {(typing || status) && (
            <span
              className={`chat__status${typing ? ' chat__status--typing' : ''}`}
              data-testid="chat-status"
            >
              {typing ? chatMessages.typing : status}
            </span>
          )}
        </span>
      </button>
      <h1 className="visually-hidden">{name}</h1>
      <div className="chat__actions">
        <MenuButton compact label={`More options for ${name}`} iconSize={20} items={items} />
      </div>
    </header>
  );
}
