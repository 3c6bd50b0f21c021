import { Link } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon.tsx';
import { ChatIcon } from '../../components/Icons.tsx';

export function ChatDetailScreen() {
  return (
    <>
      <ComingSoon title="Conversation" icon={<ChatIcon size={32} />}>
        Conversations open here once chat arrives.
      </ComingSoon>
      <p className="center">
        <Link to="/chat" className="btn btn--ghost">
          Back to chats
        </Link>
      </p>
    </>
  );
}
