import { discoverMessages, type DiscoverProfile, type MatchView } from '@heartline/domain';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { SwipeKind } from '../../state/queries/discover.ts';
import { InviteFriendsDialog } from '../Network/InviteFriendsDialog.tsx';
import { PersonActionDialog } from '../shared/PersonActionDialog.tsx';
import type { ActionTarget } from '../shared/person-actions.ts';
import { CandidateTrustSheet } from './CandidateTrustSheet.tsx';
import { ConnectionPathDialog } from './ConnectionPathDialog.tsx';
import type { CardSafetyAction } from './DiscoverCard.tsx';
import { personName } from './discover-view.ts';
import { MatchDialog } from './MatchDialog.tsx';

/** What Discover shows over the deck, one at a time. */
export type Overlay =
  | { kind: 'invite' }
  | { kind: 'trust'; profile: DiscoverProfile }
  | { kind: 'path'; profile: DiscoverProfile }
  | { kind: 'connect'; profile: DiscoverProfile }
  | { kind: 'like'; profile: DiscoverProfile }
  | { kind: 'superlike'; profile: DiscoverProfile }
  | { kind: 'decline'; profile: DiscoverProfile }
  | { kind: 'match'; match: MatchView }
  | {
      kind: 'safety';
      action: CardSafetyAction;
      person: ActionTarget;
      /** From the card's menu or from the match celebration (the report's context). */
      from: 'discover' | 'matches';
    };

type DiscoverOverlayProps = {
  overlay: Overlay;
  /** Shows another overlay in this one's place (the path's Connect, the match's Report). */
  onOpen: (next: Overlay) => void;
  onClose: () => void;
  onAct: (kind: SwipeKind, profile: DiscoverProfile) => void;
  onSendRequest: (profile: DiscoverProfile) => Promise<void>;
  onSendMessage: (chatId: string) => void;
  /** Someone was blocked from their card (a report with "Also block" counts). */
  onBlockedFromCard: (person: ActionTarget) => void;
};

/** The dialogs and sheets of Discover (spec/2 §2 Modals), and Report and Block (issue 47). */
export function DiscoverOverlay({
  overlay,
  onOpen,
  onClose,
  onAct,
  onSendRequest,
  onSendMessage,
  onBlockedFromCard,
}: DiscoverOverlayProps) {
  switch (overlay.kind) {
    case 'invite':
      return <InviteFriendsDialog onClose={onClose} />;
    case 'trust':
      return <CandidateTrustSheet profile={overlay.profile} onClose={onClose} />;
    case 'path':
      return (
        <ConnectionPathDialog
          profile={overlay.profile}
          onClose={onClose}
          onConnect={() => onOpen({ kind: 'connect', profile: overlay.profile })}
        />
      );
    case 'connect':
      return (
        <ConfirmDialog
          title={discoverMessages.connectTitle(personName(overlay.profile))}
          confirmLabel="Connect"
          onClose={onClose}
          onConfirm={() => onSendRequest(overlay.profile)}
        >
          <p>{discoverMessages.connectText}</p>
        </ConfirmDialog>
      );
    case 'like':
      return (
        <ConfirmDialog
          title={discoverMessages.likeTitle(personName(overlay.profile))}
          confirmLabel="Like"
          onClose={onClose}
          onConfirm={async () => onAct('like', overlay.profile)}
        >
          <p>They won&rsquo;t know unless they like you too.</p>
        </ConfirmDialog>
      );
    case 'superlike':
      return (
        <ConfirmDialog
          title={discoverMessages.superLikeTitle(personName(overlay.profile))}
          confirmLabel="Super Like"
          onClose={onClose}
          onConfirm={async () => onAct('superlike', overlay.profile)}
        >
          <p>{discoverMessages.superLikeText}</p>
        </ConfirmDialog>
      );
    case 'decline':
      return (
        <ConfirmDialog
          title={discoverMessages.declineTitle(personName(overlay.profile))}
          confirmLabel="Decline"
          tone="danger"
          onClose={onClose}
          onConfirm={async () => onAct('pass', overlay.profile)}
        >
          <p>{discoverMessages.declineText}</p>
        </ConfirmDialog>
      );
    case 'match':
      return (
        <MatchDialog
          match={overlay.match}
          onKeepPlaying={onClose}
          onSendMessage={onSendMessage}
          onSafety={(action) =>
            onOpen({
              kind: 'safety',
              action,
              person: { userId: overlay.match.userId, name: overlay.match.name },
              from: 'matches',
            })
          }
        />
      );
    case 'safety':
      return (
        <PersonActionDialog
          action={overlay.action}
          person={overlay.person}
          report={{ context: overlay.from }}
          onDone={(action) => {
            if (action === 'block' && overlay.from === 'discover') {
              onBlockedFromCard(overlay.person);
            }
          }}
          onClose={onClose}
        />
      );
  }
}
