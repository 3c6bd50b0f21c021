import { ComingSoon } from '../../components/ComingSoon.tsx';
import { PeopleIcon } from '../../components/Icons.tsx';

export function NetworkScreen() {
  return (
    <ComingSoon title="Network" icon={<PeopleIcon size={32} />}>
      Your friends and friends-of-friends, grouped by degree, are coming soon.
    </ComingSoon>
  );
}
