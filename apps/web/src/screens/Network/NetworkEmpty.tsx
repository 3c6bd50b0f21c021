import { networkMessages } from '@heartline/domain';
import type { ReactNode } from 'react';
import { LockIcon } from '../../components/NetworkIcons.tsx';
import type { EmptyState } from './network-view.ts';

/** An empty list: what is missing and, where it helps, the way to fill it (Invite Friends). */
export function NetworkEmpty({
  state,
  icon,
  onInvite,
}: {
  state: EmptyState;
  icon: ReactNode;
  onInvite: () => void;
}) {
  return (
    <div className="network-empty">
      <span className="network-empty__icon" aria-hidden="true">
        {icon}
      </span>
      <h2 className="network-empty__title">{state.title}</h2>
      <p className="muted">{state.text}</p>
      {state.invite && (
        <button type="button" className="btn btn--primary" onClick={onInvite}>
          {networkMessages.inviteFriends}
        </button>
      )}
    </div>
  );
}

/** A locked degree tab says what unlocks it (spec/1 §6). */
export function LockedTab({ text }: { text: string }) {
  return (
    <div className="network-empty network-empty--locked">
      <span className="network-empty__icon" aria-hidden="true">
        <LockIcon size={28} />
      </span>
      <h2 className="network-empty__title">This tab is locked</h2>
      <p className="muted">{text}</p>
    </div>
  );
}
