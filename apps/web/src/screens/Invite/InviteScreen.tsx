import { ComingSoon } from '../../components/ComingSoon.tsx';
import { HeartIcon } from '../../components/Icons.tsx';

export function InviteScreen() {
  return (
    <ComingSoon title="Invitation" icon={<HeartIcon size={32} />}>
      Accepting invitations from friends is coming soon.
    </ComingSoon>
  );
}
