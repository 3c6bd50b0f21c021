import type { OwnProfile } from '@heartline/domain';

/** The three counts of one's own profile (the Profile screen and the developer page). */
export function ProfileStats({ stats }: { stats: OwnProfile['stats'] }) {
  return (
    <dl className="stats stats--three">
      <div className="stats__tile">
        <dt>Connections</dt>
        <dd>{stats.connections}</dd>
      </div>
      <div className="stats__tile">
        <dt>Matches</dt>
        <dd>{stats.matches}</dd>
      </div>
      <div className="stats__tile">
        <dt>Friends</dt>
        <dd>{stats.friends}</dd>
      </div>
    </dl>
  );
}
