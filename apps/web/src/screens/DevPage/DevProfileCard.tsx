import type { OwnProfile } from '@heartline/domain';
import { useState } from 'react';
import { Avatar } from '../../components/Avatar.tsx';
import { ShieldIcon } from '../../components/NetworkIcons.tsx';
import { TrustBreakdownDialog } from '../Trust/TrustBreakdownDialog.tsx';
import { initialsOf } from './dev-view.ts';
import { ProfileStats } from '../Profile/ProfileStats.tsx';

/** The signed-in user's card: photo or initials, name, e-mail, counts, and the trust button. */
export function DevProfileCard({ profile }: { profile: OwnProfile }) {
  const [trustOpen, setTrustOpen] = useState(false);
  const name = profile.name?.trim() || 'No name yet';
  const avatar =
    profile.photo?.avatars['128'] ?? profile.photo?.url ?? profile.identityPicture ?? null;

  return (
    <section className="card dev-profile" aria-labelledby="dev-profile-name">
      <div className="dev-profile__head">
        {avatar ? (
          <Avatar user={{ name, photoUrl: avatar }} size="xl" />
        ) : (
          <span className="dev-profile__initials" role="img" aria-label={`${name}, no photo`}>
            <span aria-hidden="true">{initialsOf(profile.name, profile.email)}</span>
          </span>
        )}
        <div className="dev-profile__who">
          <h2 id="dev-profile-name" className="dev-profile__name">
            {name}
          </h2>
          <p className="muted dev-profile__email" data-testid="dev-profile-email">
            {profile.email ?? 'No e-mail on record'}
          </p>
        </div>
      </div>
      <button
        type="button"
        className="trust-badge dev-profile__trust"
        aria-label={`Trust score ${profile.trustScore}. Show breakdown`}
        onClick={() => setTrustOpen(true)}
      >
        <ShieldIcon size={18} />
        <span>Trust score {profile.trustScore}</span>
      </button>
      <ProfileStats stats={profile.stats} />
      {trustOpen && <TrustBreakdownDialog onClose={() => setTrustOpen(false)} />}
    </section>
  );
}
