import { discoverMessages, peopleMessages, type MatchView } from '@heartline/domain';
import { useNavigate } from '../../app/navigation.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ChatIcon, HeartIcon } from '../../components/Icons.tsx';
import { BlockIcon, FlagIcon } from '../../components/NetworkIcons.tsx';
import { useMe } from '../../state/queries/session.ts';

type MatchDialogProps = {
  match: MatchView;
  onKeepPlaying: () => void;
  onSendMessage: (chatId: string) => void;
  onSafety: (action: 'report' | 'block') => void;
};

/**
 * The match celebration (spec/2 §2): both photos, Keep Playing or Send Message; and, quieter
 * under them, Report and Block (issue 47).
 */
export function MatchDialog({ match, onKeepPlaying, onSendMessage, onSafety }: MatchDialogProps) {
  const me = useMe();
  const navigate = useNavigate();
  const name = match.name.trim() || 'your match';
  return (
    <Dialog title={discoverMessages.itsAMatch} onClose={onKeepPlaying}>
      <div className="dmatch">
        <div className="dmatch__pair" aria-hidden="true">
          <Avatar
            user={me ? { name: me.name, photoUrl: me.photoUrl, avatarUrl: me.avatarUrl } : null}
            size="xl"
            className="dmatch__avatar"
          />
          <span className="dmatch__heart">
            <HeartIcon size={28} />
          </span>
          <Avatar user={{ name, photoUrl: match.avatar }} size="xl" className="dmatch__avatar" />
        </div>
        <p className="dmatch__text">{discoverMessages.likedEachOther(name)}</p>
        <div className="dmatch__buttons">
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => onSendMessage(match.chatId)}
          >
            <ChatIcon size={20} />
            {discoverMessages.sendMessage}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--block"
            onClick={() => void navigate(`/people/${match.userId}`)}
          >
            {peopleMessages.viewProfile}
          </button>
          <button type="button" className="btn btn--ghost btn--block" onClick={onKeepPlaying}>
            {discoverMessages.keepPlaying}
          </button>
        </div>
        <div className="dmatch__safety" role="group" aria-label={`Safety actions for ${name}`}>
          <button
            type="button"
            className="btn btn--text btn--sm"
            aria-label={`Block ${name}`}
            onClick={() => onSafety('block')}
          >
            <BlockIcon size={18} />
            Block
          </button>
          <button
            type="button"
            className="btn btn--text btn--sm"
            aria-label={`Report ${name}`}
            onClick={() => onSafety('report')}
          >
            <FlagIcon size={18} />
            Report
          </button>
        </div>
      </div>
    </Dialog>
  );
}
