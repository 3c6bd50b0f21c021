import { describe, expect, it } from 'vitest';
import {
  initialRealtimeState,
  realtimeTransition,
  type RealtimeEvent,
  type RealtimeState,
} from './machine.ts';

const run = (events: RealtimeEvent[], from: RealtimeState = initialRealtimeState) =>
  events.reduce(realtimeTransition, from);

describe('realtime state machine', () => {
  it('connects: idle -> connecting -> online', () => {
    expect(run([{ type: 'start' }]).status).toBe('connecting');
    expect(run([{ type: 'start' }, { type: 'connected' }])).toEqual({
      status: 'online',
      attempt: 0,
      settled: true,
    });
  });

  it('a failed first attempt settles as offline, then retries', () => {
    const failed = run([{ type: 'start' }, { type: 'failed' }]);
    expect(failed).toEqual({ status: 'offline', attempt: 0, settled: true });
    expect(realtimeTransition(failed, { type: 'retrying', attempt: 2 })).toEqual({
      status: 'connecting',
      attempt: 2,
      settled: true,
    });
  });

  it('goes offline on disconnect and back online on reconnect', () => {
    const states = [{ type: 'start' }, { type: 'connected' }, { type: 'disconnected' }] as const;
    expect(run([...states]).status).toBe('offline');
    expect(run([...states, { type: 'retrying', attempt: 1 }, { type: 'connected' }])).toEqual({
      status: 'online',
      attempt: 0,
      settled: true,
    });
  });

  it('ignores transport events while idle and resets on stop', () => {
    expect(run([{ type: 'connected' }])).toBe(initialRealtimeState);
    expect(run([{ type: 'failed' }])).toBe(initialRealtimeState);
    expect(run([{ type: 'start' }, { type: 'connected' }, { type: 'stop' }])).toEqual(
      initialRealtimeState,
    );
  });

  it('does not restart a running connection', () => {
    const online = run([{ type: 'start' }, { type: 'connected' }]);
    expect(realtimeTransition(online, { type: 'start' })).toBe(online);
  });
});
