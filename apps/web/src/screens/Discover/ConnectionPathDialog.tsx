import { discoverMessages, type DiscoverProfile } from '@heartline/domain';
import { useId } from 'react';
import { Avatar } from '../../components/Avatar.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { UserPlusIcon } from '../../components/NetworkIcons.tsx';
import { useConnectionPathQuery } from '../../state/queries/network.ts';
import { pathFromNodes } from '../Network/network-view.ts';
import { PathSteps } from '../Network/PathChain.tsx';
import { hopsFromNames, moreMutualFriends, personName, whySentence } from './discover-view.ts';

type ConnectionPathDialogProps = {
  /** A card, or a profile page's person (issue 48) with no names of a path yet. */
  profile: Pick<DiscoverProfile, 'id' | 'name' | 'degree' | 'canConnect' | 'connectionPaths'>;
  onClose: () => void;
  /** Offered when a connection request may be sent to them (the card's like replaces it). */
  onConnect: () => void;
};

/**
 * Connection Path (spec/2 §2): the chain of avatars from You to them, the mutual friends (at
 * most 6 shown), why they are in the feed, in words, and 'Got it!'.
 */
export function ConnectionPathDialog({ profile, onClose, onConnect }: ConnectionPathDialogProps) {
  const path = useConnectionPathQuery(profile.id, true);
  const name = personName(profile);
  const mutualId = useId();
  const whyId = useId();

  const footer = (
    <div className="dpath__buttons">
      {profile.canConnect && (
        <button type="button" className="btn btn--ghost" onClick={onConnect}>
          <UserPlusIcon size={20} />
          Connect
        </button>
      )}
      <button type="button" className="btn btn--primary" onClick={onClose}>
        {discoverMessages.gotIt}
      </button>
    </div>
  );

  let body;
  if (path.data) {
    const nodes = path.data.path;
    const mutual = path.data.mutualFriends;
    const more = moreMutualFriends(mutual.count, mutual.shown.length);
    const hops = nodes.slice(1, -1).map((node) => ({
      name: node.name,
      hidden: node.userId === null,
    }));
    body = (
      <>
        <PathSteps steps={pathFromNodes(nodes)} />
        {mutual.count > 0 && (
          <section className="dpath__section" aria-labelledby={mutualId}>
            <h3 id={mutualId} className="dpath__heading">
              {discoverMessages.mutualFriendsTitle(mutual.count)}
            </h3>
            <ul className="dpath__friends">
              {mutual.shown.map((friend, i) => (
                <li key={friend.userId ?? `hidden-${i}`} className="dpath__friend">
                  <Avatar user={{ name: friend.name, photoUrl: friend.avatar }} size="lg" />
                  <span className="dpath__friend-name">{friend.name}</span>
                </li>
              ))}
            </ul>
            {more > 0 && (
              <p className="muted dpath__more">{discoverMessages.moreMutualFriends(more)}</p>
            )}
          </section>
        )}
        <section className="dpath__section dpath__why" aria-labelledby={whyId}>
          <h3 id={whyId} className="dpath__heading">
            {discoverMessages.whyTitle}
          </h3>
          <p>
            {whySentence({
              name,
              degree: profile.degree,
              hops: hops.length > 0 ? hops : hopsFromNames(profile.connectionPaths[0] ?? []),
              mutualFriends: mutual.count,
            })}
          </p>
        </section>
      </>
    );
  } else if (path.isError) {
    body = (
      <p className="dpath__state muted" role="alert">
        {discoverMessages.pathUnavailable}
      </p>
    );
  } else {
    body = (
      <div className="dpath__state" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Loading the connection path...</span>
      </div>
    );
  }

  return (
    <Dialog title={discoverMessages.pathTitle} onClose={onClose} footer={footer} variant="sheet">
      <div className="dpath">{body}</div>
    </Dialog>
  );
}
