import { chatMessages, DELETED_USER_ID, peopleMessages, type ChatSummary } from '@heartline/domain';
import { useNavigate } from '../../app/navigation.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { BottomSheet } from '../../components/BottomSheet.tsx';
import { HeartIcon, PeopleIcon } from '../../components/Icons.tsx';
import { useConnectionPathQuery } from '../../state/queries/network.ts';
import { countLabel } from '../Trust/trust-format.ts';
import { chatName } from './chat-view.ts';

type ChatProfileSheetProps = {
  chat: ChatSummary;
  presence: string;
  onClose: () => void;
};

/**
 * The other person, from the chat header: photo, name, how we know each other and the
 * friends we share, and their whole profile one tap further (/people/{id}, issue 48).
 */
export function ChatProfileSheet({ chat, presence, onClose }: ChatProfileSheetProps) {
  const navigate = useNavigate();
  const name = chatName(chat.name);
  // A deleted account is nobody any more: no tie to name and no path to ask for (issue 45).
  const gone = chat.otherUserId === DELETED_USER_ID;
  const path = useConnectionPathQuery(chat.otherUserId, !gone);
  const mutual = gone ? undefined : path.data?.mutualFriends;
  const tie =
    chat.isMatch && chat.isFriend ? 'Friend and match' : chat.isMatch ? 'Match' : 'Friend';

  return (
    <BottomSheet
      title={name}
      onClose={onClose}
      footer={
        <>
          {!gone && (
            <button
              type="button"
              className="btn btn--ghost btn--block"
              onClick={() => void navigate(`/people/${chat.otherUserId}`)}
            >
              {peopleMessages.viewProfile}
            </button>
          )}
          <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
            Back to chat
          </button>
        </>
      }
    >
      <div className="chat-profile">
        <Avatar user={{ name, photoUrl: chat.avatar }} size="xl" />
        {gone ? (
          <p className="chat-profile__kind">{chatMessages.accountDeleted}</p>
        ) : (
          <p className="chat-profile__kind">
            {chat.isMatch ? <HeartIcon size={16} /> : <PeopleIcon size={16} />}
            {tie}
          </p>
        )}
        {presence && !gone && <p className="muted">{presence}</p>}
      </div>
      {mutual && mutual.count > 0 && (
        <section className="chat-profile__mutual" aria-label="Mutual friends">
          <h3 className="chat-profile__heading">
            {countLabel(mutual.count, 'mutual friend', 'mutual friends')}
          </h3>
          <ul className="chat-profile__people">
            {mutual.shown.map((person) => (
              <li key={person.userId ?? person.name} className="chat-profile__person">
                <Avatar user={{ name: person.name, photoUrl: person.avatar }} size="sm" />
                <span>{person.name}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </BottomSheet>
  );
}
