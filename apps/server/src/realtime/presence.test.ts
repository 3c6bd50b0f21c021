import { describe, expect, it } from 'vitest';
import { presenceLabel } from '@heartline/domain';
import { createPresence, memoryPresenceStore } from './presence.ts';

const ID = '01900000-0000-7000-8000-000000000001';

describe('presence', () => {
  it('announces coming online, becoming active again and leaving; not steady pings', async () => {
    let t = 1_000_000;
    const presence = createPresence(memoryPresenceStore(), () => t);
    expect(await presence.seen(ID, true)).toEqual({
      userId: ID,
      connected: true,
      lastActiveAt: t,
    });
    t += 25_000;
    expect(await presence.seen(ID, false)).toBeNull(); // a background ping
    t += 25_000;
    expect(await presence.seen(ID, true)).toBeNull(); // still fresh: nothing anyone sees changed
    // Three idle minutes of background pings every 25 s: nothing to announce.
    for (let i = 0; i < 8; i++) {
      t += 25_000;
      expect(await presence.seen(ID, false)).toBeNull();
    }
    // Active again after more than a minute: watchers go from 'Away' to 'Online'.
    expect(await presence.seen(ID, true)).toMatchObject({ connected: true, lastActiveAt: t });
    t += 10_000;
    expect(await presence.left(ID)).toEqual({
      userId: ID,
      connected: false,
      lastActiveAt: t - 10_000,
    });
    const [read] = await presence.read([ID]);
    expect(read).toEqual({ userId: ID, connected: false, lastActiveAt: t - 10_000 });
  });

  it('labels: Online, Away, Offline, hours', () => {
    const now = 10_000_000_000;
    const at = (ms: number, connected: boolean) =>
      presenceLabel({ userId: ID, connected, lastActiveAt: now - ms }, now);
    expect(at(10_000, true)).toBe('Online');
    expect(at(3 * 60_000, true)).toBe('Away • 3 m ago');
    expect(at(6 * 60_000, true)).toBe('Offline • 6 m ago');
    expect(at(10_000, false)).toBe('Offline • 1 m ago');
    expect(at(3 * 3_600_000, false)).toBe('3 h ago');
    expect(presenceLabel(undefined, now)).toBe('');
  });
});
