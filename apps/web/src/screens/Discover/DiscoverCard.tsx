import { discoverMessages, distanceLabel, type DiscoverProfile } from '@heartline/domain';
import { memo, useEffect, useId, useState } from 'react';
import { InfoIcon, PeopleIcon, PersonIcon } from '../../components/Icons.tsx';
import { MenuButton } from '../../components/MenuButton.tsx';
import { BlockIcon, FlagIcon, ShieldIcon, StarIcon } from '../../components/NetworkIcons.tsx';
import { LocationIcon } from '../../components/ProfileIcons.tsx';
import {
  degreeLabel,
  locationText,
  mutualFriendsLabel,
  nameAndAge,
  personName,
  type CardGesture,
} from './discover-view.ts';
import { VerifiedIcon } from './DiscoverIcons.tsx';
import { useCardSwipe, type GestureSource } from './use-card-swipe.ts';

type DiscoverCardProps = {
  profile: DiscoverProfile;
  /** The next card, waiting under the current one: shown, but not reachable. */
  behind?: boolean;
  /** A card acted on, flying off the screen: shown, but not reachable. */
  leaving?: boolean;
  /** Take focus when it becomes the current card (the one before had it). */
  autoFocus?: boolean;
  /** Stable across renders (the card is memoised): it is told which profile acted. */
  onGesture: (profile: DiscoverProfile, gesture: CardGesture, source: GestureSource) => void;
  onTrust: (profile: DiscoverProfile) => void;
  /** Report or Block from the card's more-options menu (stable, as onGesture). */
  onSafety: (profile: DiscoverProfile, action: CardSafetyAction) => void;
  /** The whole profile (issue 48): a tap on the card, Enter, or its View profile button. */
  onOpen: (profile: DiscoverProfile) => void;
};

export type CardSafetyAction = 'report' | 'block';

/**
 * One profile (spec/2 §2): full-height photo, name and age, degree, verified mark, trust chip,
 * a more-options menu (block, report), location, mutual friends, bio and interests. Swipes and
 * arrow keys act on it; keys pressed on a control inside it stay with the control. Memoised: the
 * screen re-renders on every cache change, and a card only when its own props change.
 */
export const DiscoverCard = memo(function DiscoverCard({
  profile,
  behind = false,
  leaving = false,
  autoFocus = false,
  onGesture,
  onTrust,
  onSafety,
  onOpen,
}: DiscoverCardProps) {
  const current = !behind && !leaving;
  const { ref, handlers } = useCardSwipe(
    (gesture, source) => onGesture(profile, gesture, source),
    current,
    () => onOpen(profile),
  );
  const hintId = useId();
  const nameId = useId();

  useEffect(() => {
    if (!autoFocus || !current) return;
    // At the start of the next frame, whose layout the focus needs anyway, not in the middle
    // of this one (a forced layout while the card before it is still flying).
    const frame = requestAnimationFrame(() => ref.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [autoFocus, current, ref]);

  return (
    <article
      ref={ref}
      className={behind ? 'dcard dcard--behind' : 'dcard'}
      data-testid={current ? 'discover-card' : undefined}
      data-user-id={profile.id}
      tabIndex={current ? 0 : undefined}
      inert={!current}
      aria-hidden={!current || undefined}
      aria-roledescription="profile card"
      aria-labelledby={nameId}
      aria-describedby={
        current ? (profile.superLikedYou ? `${hintId}-super ${hintId}` : hintId) : undefined
      }
      {...(current ? handlers : {})}
    >
      <CardContent
        profile={profile}
        nameId={nameId}
        hintId={hintId}
        onTrust={onTrust}
        onSafety={onSafety}
        onOpen={onOpen}
      />
    </article>
  );
});

/**
 * What a card shows. Memoised apart from the card itself: when a card changes role (it comes
 * forward, or flies out) only the card element's attributes change, not its content.
 */
const CardContent = memo(function CardContent({
  profile,
  nameId,
  hintId,
  onTrust,
  onSafety,
  onOpen,
}: {
  profile: DiscoverProfile;
  nameId: string;
  hintId: string;
  onTrust: (profile: DiscoverProfile) => void;
  onSafety: (profile: DiscoverProfile, action: CardSafetyAction) => void;
  onOpen: (profile: DiscoverProfile) => void;
}) {
  const unavailable = profile.name === null || profile.name.trim() === '';
  const name = personName(profile);
  return (
    <>
      <CardPhoto profile={profile} />
      <span className="dcard__stamp dcard__stamp--like" aria-hidden="true">
        Like
      </span>
      <span className="dcard__stamp dcard__stamp--superlike" aria-hidden="true">
        Super
      </span>
      <span className="dcard__stamp dcard__stamp--pass" aria-hidden="true">
        Nope
      </span>
      <span className="dcard__stamp dcard__stamp--skip" aria-hidden="true">
        Skip
      </span>
      <span className="dcard__stamp dcard__stamp--path" aria-hidden="true">
        Path
      </span>

      <div className="dcard__top">
        <span className={`dcard__degree dcard__degree--${profile.degree}`}>
          <span aria-hidden="true">{profile.degree}</span>
          <span className="visually-hidden">
            {profile.degree} degree: {degreeLabel(profile.degree).toLowerCase()}
          </span>
        </span>
        <div className="dcard__top-end">
          <button
            type="button"
            className="trust-chip dcard__trust"
            onClick={() => onTrust(profile)}
            aria-label={`Trust score ${profile.trustScore}: how it is calculated`}
          >
            <ShieldIcon size={18} />
            <span aria-hidden="true">{profile.trustScore}</span>
          </button>
          <div className="dcard__menu">
            <MenuButton
              compact
              label={`More options for ${name}`}
              iconSize={22}
              items={[
                {
                  label: 'Block',
                  icon: <BlockIcon size={20} />,
                  onSelect: () => onSafety(profile, 'block'),
                  danger: true,
                },
                {
                  label: 'Report',
                  icon: <FlagIcon size={20} />,
                  onSelect: () => onSafety(profile, 'report'),
                  danger: true,
                },
              ]}
            />
          </div>
        </div>
      </div>

      <div className="dcard__info">
        {profile.superLikedYou && (
          <p id={`${hintId}-super`} className="dcard__superliked">
            <StarIcon size={16} filled />
            <span>{discoverMessages.superLikedYou}</span>
          </p>
        )}
        <h2 id={nameId} className="dcard__name">
          <span className="dcard__name-text">
            {unavailable ? discoverMessages.profileUnavailable : nameAndAge(profile)}
          </span>
          {profile.isVerified && (
            <span className="dcard__verified" role="img" aria-label="Verified">
              <VerifiedIcon size={22} />
            </span>
          )}
          <button
            type="button"
            className="dcard__open"
            aria-label={`View ${name}'s profile`}
            onClick={() => onOpen(profile)}
          >
            <InfoIcon size={22} />
          </button>
        </h2>
        <p className="dcard__line">
          <LocationIcon size={16} />
          <span>{locationText(profile.location)}</span>
          {profile.distanceKm !== null && (
            <span className="dcard__distance">· {distanceLabel(profile.distanceKm)}</span>
          )}
        </p>
        <p className="dcard__line">
          <PeopleIcon size={16} />
          <span>{mutualFriendsLabel(profile.mutualFriends)}</span>
        </p>
        {profile.bio.trim() && <p className="dcard__bio">{profile.bio}</p>}
        {profile.interests.length > 0 && (
          <ul className="dcard__interests" aria-label="Interests">
            {profile.interests.map((interest) => (
              <li key={interest} className="dcard__interest">
                {interest}
              </li>
            ))}
          </ul>
        )}
      </div>
      <p id={hintId} className="visually-hidden">
        Swipe or use the arrow keys: right to like, left to pass, up to skip, down to see how you
        are connected. Press and hold for a super like. Tap or press Enter to see the whole profile.
      </p>
    </>
  );
});

function CardPhoto({ profile }: { profile: DiscoverProfile }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = profile.photoUrl;
  if (src && failed !== src) {
    return (
      <img
        className="dcard__photo"
        src={src}
        alt={`Photo of ${personName(profile)}`}
        draggable={false}
        decoding="async"
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span className="dcard__photo dcard__photo--empty" role="img" aria-label="No photo yet">
      <PersonIcon size={96} />
    </span>
  );
}
