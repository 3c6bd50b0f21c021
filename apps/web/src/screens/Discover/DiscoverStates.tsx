import {
  discoverFilterMessages,
  discoverMessages,
  networkMessages,
  settingsMessages,
  type DiscoverEmptyReason,
} from '@heartline/domain';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '../../app/navigation.tsx';
import { CheckIcon, CompassIcon, HeartIcon, PeopleIcon } from '../../components/Icons.tsx';
import { RetryButton } from '../../components/RetryButton.tsx';
import { emptyText } from './discover-view.ts';

/** Take focus on arrival (the card that had it is gone): keyboard users land here. */
export type Focusable = { focus?: boolean };

function StateCard({
  icon,
  title,
  children,
  alert = false,
  focus = false,
}: Focusable & {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  alert?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus({ preventScroll: true });
  }, [focus]);
  return (
    <div ref={ref} className="dstate" role={alert ? 'alert' : undefined} tabIndex={-1}>
      <span className="dstate__icon" aria-hidden="true">
        {icon}
      </span>
      <h2 className="dstate__title">{title}</h2>
      {children}
    </div>
  );
}

export function DiscoverLoading({ label = 'Loading people to discover...' }: { label?: string }) {
  return (
    <div className="dstate dstate--loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export function DiscoverError({ onRetry, busy }: { onRetry: () => unknown; busy: boolean }) {
  return (
    <StateCard icon={<CompassIcon size={30} />} title={discoverMessages.failedToLoad} alert>
      <p className="muted">Check your connection and try again.</p>
      <RetryButton onRetry={onRetry} busy={busy} />
    </StateCard>
  );
}

/** 'No people to discover', why, and the way out: inviting friends (or resuming, if paused). */
export function DiscoverEmpty({
  reason,
  onInvite,
  onResume,
  onFilters,
  resuming,
  focus,
}: Focusable & {
  reason: DiscoverEmptyReason | null;
  onInvite: () => void;
  onResume: () => void;
  /** Opens the filter sheet: an empty feed may only need a wider age range or distance. */
  onFilters: () => void;
  resuming: boolean;
}) {
  if (reason === 'paused') {
    return (
      <StateCard icon={<PeopleIcon size={30} />} title={settingsMessages.paused} focus={focus}>
        <p className="muted">{emptyText(reason)}</p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={onResume}
          disabled={resuming}
          aria-busy={resuming || undefined}
        >
          {settingsMessages.resume}
        </button>
      </StateCard>
    );
  }
  return (
    <StateCard icon={<PeopleIcon size={30} />} title={discoverMessages.noPeople} focus={focus}>
      <p className="muted">{emptyText(reason)}</p>
      {reason === 'profile_incomplete' ? (
        <Link className="btn btn--primary" to="/profile">
          Edit Profile
        </Link>
      ) : (
        <button type="button" className="btn btn--primary" onClick={onInvite}>
          {networkMessages.inviteFriends}
        </button>
      )}
      {reason !== 'profile_incomplete' && reason !== 'no_friends' && (
        <button type="button" className="btn btn--ghost" onClick={onFilters}>
          {discoverFilterMessages.widen}
        </button>
      )}
    </StateCard>
  );
}

/** Everyone seen, some skipped: 'All Caught Up!' and Start Over (the skipped come back). */
export function DiscoverAllCaughtUp({
  onReset,
  busy,
  focus,
}: Focusable & { onReset: () => void; busy: boolean }) {
  return (
    <StateCard icon={<CheckIcon size={30} />} title={discoverMessages.allCaughtUp} focus={focus}>
      <p className="muted">{discoverMessages.allCaughtUpText}</p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={onReset}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy && <span className="spinner spinner--xs spinner--on-brand" aria-hidden="true" />}
        {discoverMessages.startOver}
      </button>
    </StateCard>
  );
}

/** Everyone seen, nobody skipped: matches and network links, and Refresh. */
export function DiscoverCaughtUp({
  onRefresh,
  busy,
  focus,
}: Focusable & { onRefresh: () => void; busy: boolean }) {
  return (
    <StateCard
      icon={<HeartIcon size={30} />}
      title={discoverMessages.youreAllCaughtUp}
      focus={focus}
    >
      <p className="muted">{discoverMessages.youreAllCaughtUpText}</p>
      <div className="dstate__links">
        <Link className="btn btn--ghost btn--sm" to="/network?filter=favorites">
          Your favorites
        </Link>
        <Link className="btn btn--ghost btn--sm" to="/network?filter=all">
          Your network
        </Link>
      </div>
      <button
        type="button"
        className="btn btn--primary"
        onClick={onRefresh}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {discoverMessages.refresh}
      </button>
    </StateCard>
  );
}
