import {
  PROMPTS,
  datingGoalLabels,
  discoverMessages,
  distanceLabel,
  peopleMessages,
  type PersonProfile,
} from '@heartline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '../../app/navigation.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import {
  ArrowLeftIcon,
  ChatIcon,
  CloseIcon,
  HeartIcon,
  PeopleIcon,
} from '../../components/Icons.tsx';
import { MenuButton } from '../../components/MenuButton.tsx';
import {
  BlockIcon,
  FlagIcon,
  RouteIcon,
  ShieldIcon,
  UserPlusIcon,
} from '../../components/NetworkIcons.tsx';
import { LocationIcon } from '../../components/ProfileIcons.tsx';
import { ApiError } from '../../lib/api.ts';
import { RetryButton } from '../../components/RetryButton.tsx';
import { useOpenChatMutation } from '../../state/queries/chat.ts';
import { personKey, usePersonQuery } from '../../state/queries/people.ts';
import { useSendConnectionRequestMutation } from '../../state/queries/requests.ts';
import { ConnectionPathDialog } from '../Discover/ConnectionPathDialog.tsx';
import { StarIcon, VerifiedIcon } from '../Discover/DiscoverIcons.tsx';
import {
  degreeLabel,
  locationText,
  mutualFriendsLabel,
  nameAndAge,
  personName,
} from '../Discover/discover-view.ts';
import { chooseFromProfile, type ProfileIntent } from '../Discover/profile-intent.ts';
import {
  connectErrorToast,
  connectResultToast,
  openChatErrorToast,
} from '../Network/connect-toast.ts';
import { PersonActionDialog } from '../shared/PersonActionDialog.tsx';
import { PhotoCarousel } from './PhotoCarousel.tsx';
import './people.css';

type Overlay = { kind: 'path' } | { kind: 'safety'; action: 'report' | 'block' };

/**
 * Another person's whole profile, /people/{id} (issue 48): every photo, who they are in their
 * own words, how the viewer knows them, and what the viewer may do. Opened from a Discover
 * card (`?from=discover` adds like and pass), a Network row, a chat and the match celebration.
 * A person the viewer may not see reads as not found, as the server says.
 */
export function PersonScreen() {
  const { userId = '' } = useParams();
  const [search] = useSearchParams();
  const fromDiscover = search.get('from') === 'discover';
  const person = usePersonQuery(userId);
  const navigate = useNavigate();
  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else void navigate(fromDiscover ? '/discover' : '/network');
  };

  let content;
  if (person.data) {
    content = <PersonProfileView profile={person.data} fromDiscover={fromDiscover} onBack={back} />;
  } else if (person.isError) {
    const missing = person.error instanceof ApiError && person.error.status === 404;
    content = (
      <div className="person__state" role="alert">
        <p>{missing ? peopleMessages.notFound : discoverMessages.failedToLoad}</p>
        {!missing && <RetryButton onRetry={() => person.refetch()} />}
      </div>
    );
  } else {
    content = (
      <div className="person__state" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{peopleMessages.loading}</span>
      </div>
    );
  }

  return (
    <section
      className="screen person"
      aria-label={person.data ? personName(person.data) : 'Profile'}
    >
      <header className="screen__header screen__header--start person__header">
        <button type="button" className="icon-btn" aria-label={peopleMessages.back} onClick={back}>
          <ArrowLeftIcon size={22} />
        </button>
        <h1 className="screen__heading person__title">
          {person.data ? personName(person.data) : ''}
        </h1>
      </header>
      {content}
    </section>
  );
}

function PersonProfileView({
  profile,
  fromDiscover,
  onBack,
}: {
  profile: PersonProfile;
  fromDiscover: boolean;
  onBack: () => void;
}) {
  const name = personName(profile);
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const openChat = useOpenChatMutation();
  const connect = useSendConnectionRequestMutation();
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const self = profile.relation.isSelf;
  const swipeable = fromDiscover && !self;

  const message = () =>
    openChat.mutate(profile.id, {
      onSuccess: (chat) => void navigate(`/chat/${chat.id}`),
      onError: (error) => toast.error(openChatErrorToast(error).message),
    });
  const sendRequest = async () => {
    try {
      const result = await connect.mutateAsync(profile.id);
      const t = connectResultToast(result, name);
      toast.show(t.type, t.message);
    } catch (error) {
      const t = connectErrorToast(error, name);
      toast.show(t.type, t.message);
    }
    await queryClient.invalidateQueries({ queryKey: personKey(profile.id) });
  };
  const choose = (kind: ProfileIntent['kind']) => {
    chooseFromProfile({ userId: profile.id, kind });
    onBack();
  };

  return (
    <>
      <PhotoCarousel photos={profile.photos} name={name} />

      <div className="person__intro">
        <h2 className="person__name">
          <span>{nameAndAge(profile)}</span>
          {profile.isVerified && (
            <span className="person__verified" role="img" aria-label="Verified">
              <VerifiedIcon size={22} />
            </span>
          )}
        </h2>
        <div className="person__chips">
          {profile.degree && (
            <span className={`person__degree person__degree--${profile.degree}`}>
              {degreeLabel(profile.degree)}
            </span>
          )}
          {profile.relation.matched && (
            <span className="person__chip">
              <HeartIcon size={14} /> Match
            </span>
          )}
          <span className="trust-chip person__trust">
            <ShieldIcon size={16} />
            <span className="visually-hidden">Trust score </span>
            <span>{profile.trustScore}</span>
          </span>
        </div>
        <p className="person__line">
          <LocationIcon size={16} />
          <span>{locationText(profile.location)}</span>
          {profile.distanceKm !== null && <span>· {distanceLabel(profile.distanceKm)}</span>}
        </p>
        <p className="person__line">
          <PeopleIcon size={16} />
          <span>{mutualFriendsLabel(profile.mutualFriends.count)}</span>
        </p>
        {profile.mutualFriends.shown.length > 0 && (
          <ul className="person__mutual" aria-label="Mutual friends">
            {profile.mutualFriends.shown.map((friend) => (
              <li key={friend.userId ?? friend.name} className="person__friend">
                <Avatar user={{ name: friend.name, photoUrl: friend.avatar }} size="sm" />
                <span>{friend.name}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="person__line">
          <span className="person__label">{peopleMessages.lookingFor}</span>
          <span>{datingGoalLabels[profile.datingGoal]}</span>
        </p>
      </div>

      {profile.bio.trim() && (
        <section className="person__section" aria-labelledby="person-about">
          <h3 id="person-about" className="person__heading">
            {peopleMessages.about}
          </h3>
          <p className="person__bio" dir="auto">
            {profile.bio}
          </p>
        </section>
      )}

      {profile.prompts.map((p) => (
        <section key={p.prompt} className="person__section person__prompt">
          <h3 className="person__prompt-q">{PROMPTS[p.prompt]}</h3>
          <p className="person__prompt-a" dir="auto">
            {p.answer}
          </p>
        </section>
      ))}

      {profile.interests.length > 0 && (
        <section className="person__section" aria-labelledby="person-interests">
          <h3 id="person-interests" className="person__heading">
            {peopleMessages.interests}
          </h3>
          <ul className="person__interests">
            {profile.interests.map((interest) => (
              <li key={interest} className="person__interest">
                {interest}
              </li>
            ))}
          </ul>
        </section>
      )}

      {self ? (
        <p className="muted person__self">{peopleMessages.yourProfile}</p>
      ) : (
        <div className="person__actions" role="group" aria-label={`Actions for ${name}`}>
          {swipeable && (
            <>
              <button
                type="button"
                className="person__swipe person__swipe--pass"
                aria-label={`Pass on ${name}`}
                onClick={() => choose('decline')}
              >
                <CloseIcon size={26} />
              </button>
              <button
                type="button"
                className="person__swipe person__swipe--super"
                aria-label={`Super like ${name}`}
                onClick={() => choose('superlike')}
              >
                <StarIcon size={20} />
              </button>
              <button
                type="button"
                className="person__swipe person__swipe--like"
                aria-label={`Like ${name}`}
                onClick={() => choose('like')}
              >
                <HeartIcon size={26} />
              </button>
            </>
          )}
          {profile.canMessage && (
            <button
              type="button"
              // Beside the like and pass buttons only the icon fits a phone's width.
              className={swipeable ? 'person__swipe person__swipe--message' : 'btn btn--primary'}
              aria-label={swipeable ? `${peopleMessages.message} ${name}` : undefined}
              disabled={openChat.isPending}
              onClick={message}
            >
              <ChatIcon size={swipeable ? 22 : 18} />
              {!swipeable && peopleMessages.message}
            </button>
          )}
          {profile.canConnect && !swipeable && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={connect.isPending}
              onClick={() => void sendRequest()}
            >
              <UserPlusIcon size={18} />
              {peopleMessages.connect}
            </button>
          )}
          {profile.relation.requestOpen && !profile.relation.friends && (
            <span className="person__chip">{peopleMessages.requestSent}</span>
          )}
          {(profile.degree === '2nd' || profile.degree === '3rd') && (
            <button
              type="button"
              className="icon-btn person__path"
              aria-label={peopleMessages.showPath}
              onClick={() => setOverlay({ kind: 'path' })}
            >
              <RouteIcon size={20} />
            </button>
          )}
          <MenuButton
            compact
            label={`More options for ${name}`}
            iconSize={22}
            items={[
              {
                label: 'Block',
                icon: <BlockIcon size={20} />,
                onSelect: () => setOverlay({ kind: 'safety', action: 'block' }),
                danger: true,
              },
              {
                label: 'Report',
                icon: <FlagIcon size={20} />,
                onSelect: () => setOverlay({ kind: 'safety', action: 'report' }),
                danger: true,
              },
            ]}
          />
        </div>
      )}

      {overlay?.kind === 'path' && profile.degree && (
        <ConnectionPathDialog
          profile={{ ...profile, degree: profile.degree, connectionPaths: [] }}
          onClose={() => setOverlay(null)}
          onConnect={() => {
            setOverlay(null);
            void sendRequest();
          }}
        />
      )}
      {overlay?.kind === 'safety' && (
        <PersonActionDialog
          action={overlay.action}
          person={{ userId: profile.id, name }}
          report={{ context: fromDiscover ? 'discover' : 'profile' }}
          onClose={() => setOverlay(null)}
          onDone={(done) => {
            setOverlay(null);
            if (done === 'block') onBack();
          }}
        />
      )}
    </>
  );
}
