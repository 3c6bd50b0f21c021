import { ComingSoon } from '../../components/ComingSoon.tsx';
import { ChatIcon } from '../../components/Icons.tsx';

export function ChatScreen() {
  return (
    <ComingSoon title="Chat" icon={<ChatIcon size={32} />}>
      Real-time conversations with your friends and matches are coming soon.
    </ComingSoon>
  );
}
