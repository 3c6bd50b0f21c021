import { useRealtimeState } from '../state/realtime/use-realtime-status.ts';

/** Says so when the live connection is down after it was tried; nothing while all is well. */
export function ConnectionBanner() {
  const { status, settled } = useRealtimeState();
  const down = settled && (status === 'offline' || status === 'connecting');
  return (
    <div className="connection-banner-region" role="status">
      {down && (
        <p className="connection-banner">
          <span className="spinner spinner--xs" aria-hidden="true" />
          Offline. Reconnecting...
        </p>
      )}
    </div>
  );
}
