import { degreeBadge, type ConnectionView } from '@heartline/domain';
import { memo, useId, useState } from 'react';
import { Link } from '../../app/navigation.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { ChatIcon } from '../../components/Icons.tsx';
import { MenuButton, type MenuItem } from '../../components/MenuButton.tsx';
import {
  BlockIcon,
  ChevronRightIcon,
  FlagIcon,
  StarIcon,
  UserMinusIcon,
} from '../../components/NetworkIcons.tsx';
import type { PersonAction } from '../shared/person-actions.ts';
import { PathChain } from './PathChain.tsx';
import { displayName } from './network-view.ts';

/** What a row's menu offers (no unmatch: a match is acted on from its chat). */
export type RowAction = Extract<PersonAction, 'disconnect' | 'block' | 'report'>;

type ConnectionRowProps = {
  view: ConnectionView;
  /** A connection request to this person is waiting for their answer. */
  requested: boolean;
  connecting: boolean;
  /** Opening the chat with this person is under way. */
  messaging: boolean;
  onToggleFavorite: (view: ConnectionView) => void;
  /** 1st degree only (spec/3 §5): opens the chat with them. */
  onMessage: (view: ConnectionView) => void;
  onConnect: (view: ConnectionView) => void;
  onAction: (action: RowAction, view: ConnectionView) => void;
};

const degreeText: Record<1 | 2 | 3, string> = {
  1: 'Friend',
  2: 'Friend of a friend',
  3: '3rd degree',
};

const degreeOrdinal: Record<1 | 2 | 3, string> = { 1: '1st', 2: '2nd', 3: '3rd' };

/**
 * One person in a network list (spec/2 §2): avatar, degree badge, name and what one can do.
 * Memoized: a list re-renders with each answer of its screen's queries, and a row is most of a
 * cold load's rendering (issue 17).
 */
export const ConnectionRow = memo(function ConnectionRow({
  view,
  requested,
  connecting,
  messaging,
  onToggleFavorite,
  onMessage,
  onConnect,
  onAction,
}: ConnectionRowProps) {
  const [showPath, setShowPath] = useState(false);
  const pathId = useId();
  const name = displayName(view.name);
  const first = view.degree === 1;
  const badge = degreeBadge(view.degree);

  const menuItems: MenuItem[] = [
    ...(first
      ? [
          {
            label: 'Disconnect',
            icon: <UserMinusIcon size={20} />,
            onSelect: () => onAction('disconnect', view),
          },
        ]
      : []),
    {
      label: 'Block',
      icon: <BlockIcon size={20} />,
      onSelect: () => onAction('block', view),
      danger: true,
    },
    {
      label: 'Report',
      icon: <FlagIcon size={20} />,
      onSelect: () => onAction('report', view),
      danger: true,
    },
  ];

  const detail =
    view.degree === 2 && view.connectedThroughName
      ? `via ${view.connectedThroughName}`
      : degreeText[view.degree];

  return (
    <li className="conn" data-testid="connection-row" data-user-id={view.userId}>
      <div className="conn__main">
        <span className="conn__avatar">
          <Avatar user={{ name, photoUrl: view.avatar }} size="lg" />
          <span
            className={`degree degree--${badge}`}
            role="img"
            aria-label={`${degreeOrdinal[view.degree]} degree`}
          >
            {badge}
          </span>
        </span>
        <div className="conn__text">
          <p className="conn__name">
            <Link href={`/people/${view.userId}`} className="conn__name-link">
              {name}
            </Link>
          </p>
          <p className="conn__detail">
            {detail}
            <span aria-hidden="true"> · </span>
            <span className="conn__fact">Trust {view.trustScore}</span>
            {!first && view.mutualConnections > 0 && (
              <>
                <span aria-hidden="true"> · </span>
                <span className="conn__fact">{view.mutualConnections} mutual</span>
              </>
            )}
          </p>
          {first && (
            <div className="conn__line">
              <button
                type="button"
                className="btn btn--sm btn--ghost conn__message"
                aria-label={`Message ${name}`}
                aria-busy={messaging || undefined}
                disabled={messaging}
                onClick={() => onMessage(view)}
              >
                {messaging ? (
                  <span className="spinner spinner--xs" aria-hidden="true" />
                ) : (
                  <ChatIcon size={18} />
                )}
                Message
              </button>
            </div>
          )}
          {!first && (
            <div className="conn__line">
              <button
                type="button"
                className="conn__path-toggle"
                aria-expanded={showPath}
                aria-controls={showPath ? pathId : undefined}
                onClick={() => setShowPath((s) => !s)}
              >
                <ChevronRightIcon size={16} className="conn__chevron" />
                {showPath ? 'Hide path' : 'Show path'}
              </button>
              {requested ? (
                <span className="conn__requested">Requested</span>
              ) : (
                <button
                  type="button"
                  className="btn btn--sm btn--primary conn__connect"
                  onClick={() => onConnect(view)}
                  disabled={connecting}
                  aria-label={`Connect with ${name}`}
                >
                  {connecting && <span className="spinner spinner--xs" aria-hidden="true" />}
                  Connect
                </button>
              )}
            </div>
          )}
        </div>
        <div className="conn__actions">
          {first && (
            <button
              type="button"
              className="icon-btn conn__star"
              aria-pressed={view.isFavorited}
              aria-label={`Favorite ${name}`}
              onClick={() => onToggleFavorite(view)}
            >
              <StarIcon size={22} filled={view.isFavorited} />
            </button>
          )}
          <MenuButton compact label={`More options for ${name}`} iconSize={20} items={menuItems} />
        </div>
      </div>
      {showPath && <PathChain view={view} id={pathId} />}
    </li>
  );
});
