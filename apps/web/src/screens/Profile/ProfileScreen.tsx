import { ageOn } from '@heartline/domain';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useMe } from '../../state/queries/session.ts';
import { ProfileMenu } from './ProfileMenu.tsx';

/** Own profile (spec/1 §2). This issue covers the shell: identity, real counts and the menu. */
export function ProfileScreen() {
  const me = useMe();
  if (!me) return <PageLoading label="Loading your profile..." />;
  const name = me.name?.trim() || 'Your profile';
  const age = me.dob ? ageOn(me.dob, new Date()) : null;

  return (
    <section data-testid="profile-page" className="screen profile" aria-labelledby="profile-title">
      <header className="screen__header">
        <p className="screen__kicker">Profile</p>
        <ProfileMenu />
      </header>

      <div className="profile__hero">
        {me.photoUrl ? (
          <Avatar user={me} size="xl" className="profile__avatar" />
        ) : (
          <Link
            to="/profile/photo"
            className="profile__avatar-link"
            aria-label="Add a profile photo"
          >
            <Avatar user={me} size="xl" className="profile__avatar" />
          </Link>
        )}
        <h1 id="profile-title" className="profile__name">
          {name}
          {age !== null && <span className="profile__age">, {age}</span>}
        </h1>
        {me.email && <p className="muted profile__email">{me.email}</p>}
      </div>

      <dl className="stats">
        <div className="stats__tile">
          <dt>Trust score</dt>
          <dd>{me.trustScore}</dd>
        </div>
        <div className="stats__tile">
          <dt>Friends</dt>
          <dd>{me.friendCount}</dd>
        </div>
      </dl>

      <div className="card card--note">
        <h2 className="card__title">Profile editing is coming soon</h2>
        <p className="muted">
          Soon you will add your interests, what you are looking for and more. Your name and photo
          are what others see for now.
        </p>
      </div>
    </section>
  );
}
