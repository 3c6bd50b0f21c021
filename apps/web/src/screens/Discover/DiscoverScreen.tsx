import { ComingSoon } from '../../components/ComingSoon.tsx';
import { CompassIcon } from '../../components/Icons.tsx';

export function DiscoverScreen() {
  return (
    <ComingSoon title="Discover" icon={<CompassIcon size={32} />}>
      People from your network, ranked by trust, are coming soon.
    </ComingSoon>
  );
}
