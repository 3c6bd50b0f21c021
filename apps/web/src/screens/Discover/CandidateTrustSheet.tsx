import {
  TRUST_POINTS_FIRST,
  trustCalculation,
  trustMessages,
  type DiscoverProfile,
} from '@heartline/domain';
import { BottomSheet } from '../../components/BottomSheet.tsx';
import { useFriendCountQuery } from '../../state/queries/discover.ts';
import { TrustBreakdown } from '../Trust/TrustBreakdown.tsx';
import { personName } from './discover-view.ts';

/**
 * The Trust Score sheet for a card (spec/2 §2 "Trust Score chip"): their score, split into
 * friends and friends of friends from their friend count, with the rule that makes it. Without
 * the count (or while it loads) the score stands with the rule alone.
 */
export function CandidateTrustSheet({
  profile,
  onClose,
}: {
  profile: DiscoverProfile;
  onClose: () => void;
}) {
  const name = personName(profile);
  const friends = useFriendCountQuery(profile.id);
  const score = profile.trustScore;
  const count = friends.data?.count;
  const second = count === undefined ? -1 : score - TRUST_POINTS_FIRST * count;

  return (
    <BottomSheet
      title="Trust Score"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
          {trustMessages.gotIt}
        </button>
      }
    >
      <p className="muted">{name}&rsquo;s trust score comes from the people who know them.</p>
      {count !== undefined && second >= 0 ? (
        <TrustBreakdown
          report={{ trustScore: score, calculation: trustCalculation(count, second) }}
          label={`How ${name}'s score is calculated`}
        />
      ) : (
        <div className="trust-report">
          <p className="trust-report__score">
            <span className="trust-report__value">{score}</span>
            <span className="trust-report__caption">Trust score</span>
          </p>
          {friends.isPending ? (
            <p className="trust-report__formula" role="status">
              {trustMessages.calculating}
            </p>
          ) : (
            <ul className="trust-report__lines" aria-label="How trust is calculated">
              <li className="trust-report__line">
                <span className="trust-report__rule">{trustMessages.perFriend}</span>
              </li>
              <li className="trust-report__line">
                <span className="trust-report__rule">{trustMessages.perFriendOfFriend}</span>
              </li>
            </ul>
          )}
          <p className="trust-report__formula">{trustMessages.formula}</p>
        </div>
      )}
    </BottomSheet>
  );
}
