import { moderationReasonLabels, type ModerationReason } from '@heartline/domain';
import { useId, type ReactNode } from 'react';
import { LaunchScreenGone } from '../../lib/launch-screen.ts';
import { WarningIcon } from '../../components/Icons.tsx';
import './standing.css';

/**
 * The one card a moderator's decision is shown on, instead of the app (the standing screen, a
 * warning or content removed): the title, what it means, the reason and the moderator's words,
 * then what the person can do (`children`).
 */
export function StandingCard({
  title,
  text,
  reason,
  message,
  facts,
  children,
}: {
  title: string;
  text: string;
  reason: ModerationReason;
  message: string;
  /** More facts after the reason and message (a suspension's end). */
  facts?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="center-page" aria-labelledby={titleId}>
      <LaunchScreenGone />
      <div className="center-card">
        <span className="standing__icon" aria-hidden="true">
          <WarningIcon size={32} />
        </span>
        <h1 id={titleId} className="center-card__title">
          {title}
        </h1>
        <p>{text}</p>
        <dl className="standing__facts">
          <dt>Reason</dt>
          <dd>{moderationReasonLabels[reason]}</dd>
          {message && (
            <>
              <dt>From the moderator</dt>
              <dd className="quote">{message}</dd>
            </>
          )}
          {facts}
        </dl>
        {children}
      </div>
    </section>
  );
}
