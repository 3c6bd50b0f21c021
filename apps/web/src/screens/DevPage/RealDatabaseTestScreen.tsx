import { ComingSoon } from '../../components/ComingSoon.tsx';
import { SettingsIcon } from '../../components/Icons.tsx';

export function RealDatabaseTestScreen() {
  return (
    <ComingSoon title="Developer page" icon={<SettingsIcon size={32} />}>
      The developer view of your own data and trust calculation is coming soon.
    </ComingSoon>
  );
}
