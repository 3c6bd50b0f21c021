import { positionLabel, progressDots } from './discover-view.ts';

/** Up to 10 dots around the current card, and '#n of total' (spec/2 §2). */
export function DiscoverProgress({
  index,
  total,
  capped,
}: {
  /** 0-based position of the current card. */
  index: number;
  total: number;
  capped: boolean;
}) {
  const shownTotal = capped ? total : Math.max(total, index + 1);
  const dots = progressDots(index, shownTotal);
  return (
    <div className="dprogress">
      <ol className="dprogress__dots" aria-hidden="true">
        {dots.map((state, i) => (
          <li key={i} className={`dprogress__dot dprogress__dot--${state}`} />
        ))}
      </ol>
      <p className="dprogress__label" data-testid="discover-position">
        {positionLabel(index + 1, shownTotal, capped)}
      </p>
    </div>
  );
}
