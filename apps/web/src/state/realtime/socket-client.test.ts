import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient } from './socket-client.ts';
import { realtimeStore } from './realtime-store.ts';

const { io, firstScreen } = vi.hoisted(() => {
  /** Work waiting for the first screen, run when a test says the screen is in. */
  let waiting: (() => void)[] = [];
  return {
    io: vi.fn(),
    firstScreen: {
      afterFirstScreen: (fn: () => void) => {
        waiting.push(fn);
        return () => {
          waiting = waiting.filter((f) => f !== fn);
        };
      },
      /** The screen is in: answers what waited, for the test to run when it chooses. */
      comeIn() {
        const due = waiting;
        waiting = [];
        return due;
      },
      waitingCount: () => waiting.length,
      reset() {
        waiting = [];
      },
    },
  };
});

vi.mock('socket.io-client', () => ({ io }));
vi.mock('../../lib/first-screen.ts', () => ({ afterFirstScreen: firstScreen.afterFirstScreen }));

/** As much of a Socket.IO socket as connecting and stopping touch. */
function fakeSocket() {
  return {
    on: vi.fn(),
    io: { on: vi.fn(), removeAllListeners: vi.fn() },
    removeAllListeners: vi.fn(),
    disconnect: vi.fn(),
    connected: false,
    active: true,
  };
}

/** Runs what waited for the first screen, then lets the socket client's import settle. */
async function screenComesIn() {
  for (const fn of firstScreen.comeIn()) fn();
  await vi.dynamicImportSettled();
}

describe('the realtime client waits for the first screen before it connects', () => {
  let client: RealtimeClient;
  beforeEach(() => {
    io.mockReset();
    io.mockImplementation(fakeSocket);
    firstScreen.reset();
    client = new RealtimeClient();
  });
  afterEach(() => client.stop());

  it('is started at once (the splash step) and connects once the screen is in', async () => {
    client.start();
    expect(realtimeStore.getSnapshot().status).toBe('connecting');
    await vi.dynamicImportSettled();
    expect(io).not.toHaveBeenCalled();

    await screenComesIn();
    expect(io).toHaveBeenCalledTimes(1);
  });

  it('a stop while it waits leaves nothing waiting, and a new start connects once', async () => {
    client.start();
    client.stop();
    expect(firstScreen.waitingCount()).toBe(0);
    expect(realtimeStore.getSnapshot().status).toBe('idle');

    client.start();
    await screenComesIn();
    expect(io).toHaveBeenCalledTimes(1);
  });

  it('a stop after the wait ended but before the code came does not connect', async () => {
    client.start();
    const due = firstScreen.comeIn();
    client.stop();
    for (const fn of due) fn();
    await vi.dynamicImportSettled();
    expect(io).not.toHaveBeenCalled();
    expect(realtimeStore.getSnapshot().status).toBe('idle');
  });
});
