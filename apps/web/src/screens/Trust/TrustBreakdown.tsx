import {
  SECOND_DEGREE_UNLOCK_FRIENDS,
  THIRD_DEGREE_UNLOCK_TRUST,
  trustMessages,
  type TrustReport,
} from '@heartline/domain';
import type { ReactNode } from 'react';
import { useTrustQuery } from '../../state/queries/trust.ts';
import { pointsLabel, countLabel, trustErrorText } from './trust-format.ts';

/**
 * The score and its breakdown (spec/1 §2): 10 per friend, 1 per friend of a friend. Discover
 * shows another person's score with it (`label` names whose it is).
 */
export function TrustBreakdown({
  report,
  label = 'How your score is calculated',
}: {
  report: Pick<TrustReport, 'trustScore' | 'calculation'>;
  label?: string;
}) {
  const c = report.calculation;
  return (
    <div className="trust-report">
      <p className="trust-report__score">
        <span className="trust-report__value" data-testid="trust-score">
          {report.trustScore}
        </span>
        <span className="trust-report__caption">Trust score</span>
      </p>
      <ul className="trust-report__lines" aria-label={label}>
        <li className="trust-report__line">
          <span className="trust-report__rule">{trustMessages.perFriend}</span>
          <span className="trust-report__detail">
            {countLabel(c.firstDegreeCount, 'friend', 'friends')}
            <strong>{pointsLabel(c.firstDegreePoints)}</strong>
          </span>
        </li>
        <li className="trust-report__line">
          <span className="trust-report__rule">{trustMessages.perFriendOfFriend}</span>
          <span className="trust-report__detail">
            {countLabel(c.secondDegreeCount, 'friend of friend', 'friends of friends')}
            <strong>{pointsLabel(c.secondDegreePoints)}</strong>
          </span>
        </li>
      </ul>
      <p className="trust-report__formula">{c.formula}</p>
    </div>
  );
}

/** What the score unlocks (spec/1 §6): the 2nd-degree tab at 3 friends, the 3rd at 70. */
export function TrustUnlocks({ report }: { report: TrustReport }) {
  const { secondDegree, thirdDegree } = report.unlockedTabs;
  return (
    <ul className="trust-report__unlocks">
      <li data-unlocked={secondDegree}>
        2nd-degree tab:{' '}
        {secondDegree ? 'unlocked' : `unlocks at ${SECOND_DEGREE_UNLOCK_FRIENDS} friends`}
      </li>
      <li data-unlocked={thirdDegree}>
        3rd-degree tab:{' '}
        {thirdDegree ? 'unlocked' : `unlocks at a trust score of ${THIRD_DEGREE_UNLOCK_TRUST}`}
      </li>
    </ul>
  );
}

/** Loading, error with retry, or the result (the trust modal's three states, spec/1 §4). */
export function TrustReportState({ children }: { children: (report: TrustReport) => ReactNode }) {
  const trust = useTrustQuery();
  if (trust.data) return children(trust.data);
  if (trust.isError) {
    return (
      <div className="trust-report trust-report--state" role="alert">
        <p className="trust-report__state-title">{trustMessages.unableToLoad}</p>
        <p className="muted">{trustErrorText(trust.error)}</p>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => void trust.refetch()}
          disabled={trust.isFetching}
        >
          {trustMessages.tryAgain}
        </button>
      </div>
    );
  }
  return (
    <div className="trust-report trust-report--state" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{trustMessages.calculating}</p>
    </div>
  );
}
