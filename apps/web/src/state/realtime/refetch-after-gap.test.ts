import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { trackFetches } from '../fetched-here.ts';
import { chatKeys } from '../queries/chat-keys.ts';
import { networkKeys } from '../queries/network.ts';
import { profileKeys } from '../queries/profile-keys.ts';
import { sessionKeys } from '../queries/session.ts';
import { refetchAfterGap } from './event-router.ts';

const ME = '00000000-0000-7000-8000-00000000000a';
const MINUTE = 60_000;

/**
 * A cache where the summary and the own profile were fetched by this page, and the chat list
 * and the session were not (written by hand, as a restore from storage writes them).
 */
async function world() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const stop = trackFetches(client.getQueryCache());
  const answer = (name: string) => () => Promise.resolve({ name });
  await client.fetchQuery({ queryKey: profileKeys.own, queryFn: answer('profile') });
  await client.fetchQuery({ queryKey: networkKeys.summary, queryFn: answer('summary') });
  client.setQueryData(chatKeys.list(ME), { name: 'restored chats' });
  client.setQueryData(sessionKeys.session, { name: 'restored session' });
  return { client, stop };
}

const open: { client: QueryClient; stop: () => void }[] = [];
afterEach(() => {
  for (const w of open.splice(0)) {
    w.stop();
    w.client.clear();
  }
});

describe('refetchAfterGap', () => {
  it('keeps what this page fetched when the stream was quiet since before the page', async () => {
    const w = await world();
    open.push(w);
    const { client } = w;
    refetchAfterGap(client, -10 * MINUTE);
    const invalidated = client
      .getQueryCache()
      .findAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey);
    expect(invalidated).toEqual(expect.arrayContaining([chatKeys.list(ME), sessionKeys.session]));
    expect(invalidated).toHaveLength(2);
  });

  it('refetches everything after an event close to or after the page start', async () => {
    for (const quietSince of [-30_000, performance.now(), undefined]) {
      const w = await world();
      open.push(w);
      const { client } = w;
      refetchAfterGap(client, quietSince);
      const kept = client
        .getQueryCache()
        .findAll()
        .filter((q) => !q.state.isInvalidated)
        .map((q) => q.queryKey);
      expect(kept, String(quietSince)).toEqual([]);
    }
  });

  it('keeps everything this page fetched when the stream holds no event', async () => {
    const w = await world();
    open.push(w);
    const { client } = w;
    refetchAfterGap(client, -Infinity);
    expect(client.getQueryState(networkKeys.summary)?.isInvalidated).toBe(false);
    expect(client.getQueryState(profileKeys.own)?.isInvalidated).toBe(false);
    expect(client.getQueryState(chatKeys.list(ME))?.isInvalidated).toBe(true);
  });

  it('does not take a next page loaded onto a restored list for the page’s own answer', async () => {
    const w = await world();
    open.push(w);
    const { client } = w;
    const key = networkKeys.connections('all', '');
    client.setQueryData(key, { pages: [{ rows: ['restored'], next: 1 }], pageParams: [0] });
    const observer = new InfiniteQueryObserver(client, {
      queryKey: key,
      queryFn: ({ pageParam }: { pageParam: number }) =>
        Promise.resolve({ rows: [`page ${pageParam}`], next: pageParam + 1 }),
      initialPageParam: 0,
      getNextPageParam: (last: { next: number }) => last.next,
    });
    await observer.fetchNextPage();
    expect(client.getQueryData<{ pages: unknown[] }>(key)?.pages).toHaveLength(2);
    refetchAfterGap(client, -10 * MINUTE);
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    // A whole refetch of it is the page's own.
    await client.refetchQueries({ queryKey: key });
    refetchAfterGap(client, -10 * MINUTE);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
  });
});
