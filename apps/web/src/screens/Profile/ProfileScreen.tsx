import {
  datingGoalLabels,
  photoMessages,
  profileMessages,
  PROMPTS,
  promptMessages,
  type OwnProfile,
} from '@heartline/domain';
import { useState } from 'react';
import { useNavigate } from '../../app/navigation.tsx';
import { PhotoViewer } from '../../components/PhotoViewer.tsx';
import { PersonIcon, WarningIcon } from '../../components/Icons.tsx';
import { ShieldIcon } from '../../components/NetworkIcons.tsx';
import { LocationIcon, PencilIcon, SparkleIcon } from '../../components/ProfileIcons.tsx';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { BlockedPeopleDialog } from '../Network/BlockedPeopleDialog.tsx';
import { EditProfileDialog } from './EditProfileDialog.tsx';
import { TrustBreakdownDialog } from '../Trust/TrustBreakdownDialog.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { ProfileStats } from './ProfileStats.tsx';

type Modal = 'edit' | 'trust' | 'photo' | 'blocked' | null;

/** Own profile, /profile (spec/1 §2). */
export function ProfileScreen() {
  const profile = useOwnProfileQuery();
  if (profile.data) return <Profile profile={profile.data} />;
  if (profile.isError) {
    return (
      <section className="screen screen--center" aria-labelledby="profile-error-title">
        <h1 id="profile-error-title" className="screen__title">
          Your profile could not be loaded
        </h1>
        <p className="muted">Please check your connection and try again.</p>
        <button type="button" className="btn btn--primary" onClick={() => void profile.refetch()}>
          Try Again
        </button>
      </section>
    );
  }
  return <ProfileSkeleton />;
}

function ProfileSkeleton() {
  return (
    <section className="screen profile" aria-busy="true" aria-labelledby="profile-loading">
      <div className="skeleton skeleton--bar" />
      <div className="skeleton skeleton--photo" />
      <div className="skeleton skeleton--line" />
      <p id="profile-loading" className="muted center" role="status">
        {profileMessages.loading}
      </p>
    </section>
  );
}

function Profile({ profile }: { profile: OwnProfile }) {
  const [modal, setModal] = useState<Modal>(null);
  const [failedPhoto, setFailedPhoto] = useState<string | null>(null);
  const navigate = useNavigate();
  const close = () => setModal(null);
  const name = profile.name?.trim() || 'Your profile';
  // The sign-in provider's picture counts as the photo until one is uploaded (spec/1 §2).
  const photo = profile.photo?.url ?? profile.identityPicture;
  const toPhotoScreen = () => void navigate('/profile/photo');

  return (
    <section data-testid="profile-page" className="screen profile" aria-labelledby="profile-title">
      <header className="screen__header">
        <button
          type="button"
          className="trust-badge"
          aria-label={`Trust score ${profile.trustScore}. Show breakdown`}
          onClick={() => setModal('trust')}
        >
          <ShieldIcon size={18} />
          <span>{profile.trustScore}</span>
        </button>
        <ProfileMenu
          onEditProfile={() => setModal('edit')}
          onBlockedPeople={() => setModal('blocked')}
        />
      </header>

      <div className="profile__photo">
        <button
          type="button"
          className="profile__photo-button"
          aria-label={photo ? 'Open your photo' : 'Add a profile photo'}
          onClick={photo ? () => setModal('photo') : toPhotoScreen}
        >
          {photo && failedPhoto === photo ? (
            <span className="profile__photo-empty profile__photo-empty--error">
              <WarningIcon size={48} />
              <span>Your photo could not be loaded</span>
            </span>
          ) : photo ? (
            <img
              src={photo}
              alt=""
              className="profile__photo-img"
              onError={() => setFailedPhoto(photo)}
            />
          ) : (
            <span className="profile__photo-empty">
              <PersonIcon size={72} />
              <span>Add a photo</span>
            </span>
          )}
        </button>
        <button
          type="button"
          className="profile__photo-edit"
          aria-label={`${photoMessages.editPhotos}, ${photoMessages.count(profile.photos.length)}`}
          onClick={toPhotoScreen}
        >
          <PencilIcon size={18} />
          <span>{photoMessages.count(profile.photos.length)}</span>
        </button>
      </div>

      <div className="profile__identity">
        <h1 id="profile-title" className="profile__name">
          {name}
          {profile.age !== null && <span className="profile__age">, {profile.age}</span>}
        </h1>
        {(profile.location || profile.datingGoal) && (
          <p className="profile__meta muted">
            {profile.location && (
              <span className="profile__meta-item">
                <LocationIcon size={16} />
                {profile.location}
              </span>
            )}
            <span className="profile__meta-item">
              Looking for {datingGoalLabels[profile.datingGoal].toLowerCase()}
            </span>
          </p>
        )}
      </div>

      <ProfileStats stats={profile.stats} />
      {/* The Network's count also takes in the 3rd degree: say what this one counts (issue 18). */}
      <p className="muted stats__note">
        Connections are your friends and their friends (1st and 2nd degree); your Network also lists
        the 3rd degree.
      </p>

      {profile.completeness < 100 && (
        <CompleteProfileCard
          profile={profile}
          onComplete={photo ? () => setModal('edit') : toPhotoScreen}
        />
      )}

      {(profile.bio || profile.prompts.length > 0 || profile.interests.length > 0) && (
        <div className="card">
          {profile.bio && (
            <>
              <h2 className="card__title">About</h2>
              <p className="profile__bio">{profile.bio}</p>
            </>
          )}
          {profile.prompts.length > 0 && (
            <>
              <h2 className="card__title">{promptMessages.heading}</h2>
              <dl className="prompt-list">
                {profile.prompts.map(({ prompt, answer }) => (
                  <div key={prompt} className="prompt-list__item">
                    <dt className="prompt-list__prompt">{PROMPTS[prompt]}</dt>
                    <dd className="prompt-list__answer">{answer}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
          {profile.interests.length > 0 && (
            <>
              <h2 className="card__title">Interests</h2>
              <ul className="chips" aria-label="Interests">
                {profile.interests.map((interest) => (
                  <li key={interest} className="chip chip--static">
                    {interest}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      {modal === 'edit' && <EditProfileDialog profile={profile} onClose={close} />}
      {modal === 'trust' && <TrustBreakdownDialog onClose={close} />}
      {modal === 'blocked' && <BlockedPeopleDialog onClose={close} />}
      {modal === 'photo' && photo && (
        <PhotoViewer name={name} photoUrl={photo} onClose={close} onEdit={toPhotoScreen} />
      )}
    </section>
  );
}

function CompleteProfileCard({
  profile,
  onComplete,
}: {
  profile: OwnProfile;
  onComplete: () => void;
}) {
  const missing = [
    !profile.name?.trim() && 'your name',
    !profile.photo && 'a photo',
    profile.interests.length === 0 && 'your interests',
  ].filter((item): item is string => Boolean(item));

  return (
    <div className="card complete-card">
      <div className="complete-card__head">
        <SparkleIcon size={20} />
        <h2 className="card__title">Your profile is {profile.completeness}% complete</h2>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label="Profile completeness"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={profile.completeness}
      >
        <div
          className="progress__fill"
          style={{ transform: `scaleX(${profile.completeness / 100})` }}
        />
      </div>
      {missing.length > 0 && <p className="muted">Add {joinWords(missing)} to stand out.</p>}
      <button type="button" className="btn btn--primary btn--sm" onClick={onComplete}>
        Complete Profile
      </button>
    </div>
  );
}

function joinWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
