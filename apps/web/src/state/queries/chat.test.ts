import type { MessagePage } from '@heartline/domain';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessagesData } from '../chat/chat-cache.ts';
import { BOB, CHAT, ME, testMessage } from '../chat/chat-test-data.ts';
import { catchUpMessages } from './chat.ts';
import { chatKeys } from './chat-keys.ts';

const key = chatKeys.messages(ME, CHAT);

const page = (seqs: number[], hasMore = false): MessagePage => ({
  messages: seqs.map((seq) => testMessage(seq, BOB)),
  hasMore,
});

/** The server as `fetch` sees it: each call answered by the next of `answers`. */
function server(...answers: (MessagePage | 'offline')[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      const answer = answers.shift();
      if (!answer || answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(
        new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return urls;
}

/** A chat with messages 1-2 loaded; `open`, it is on screen (an observer, as the screen's). */
function loadedChat(open: boolean, newest: () => Promise<MessagePage>) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData<MessagesData>(key, { pages: [page([1, 2])], pageParams: [null] });
  const shown: (number[] | undefined)[] = [];
  if (open) {
    const observer = new InfiniteQueryObserver(qc, {
      queryKey: key,
      queryFn: newest,
      initialPageParam: null as number | null,
      getNextPageParam: () => undefined,
      staleTime: Infinity,
    });
    observer.subscribe((result) => {
      shown.push(result.data?.pages.flatMap((p) => p.messages.map((m) => m.seq)));
    });
  }
  return { qc, shown };
}

const seqs = (qc: QueryClient) =>
  qc.getQueryData<MessagesData>(key)?.pages.flatMap((p) => p.messages.map((m) => m.seq));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('catching a conversation up after a gap', () => {
  it('merges what came after the newest loaded message', async () => {
    const urls = server(page([3, 4], true), page([5]));
    const newest = vi.fn(() => Promise.resolve(page([1, 2, 3, 4, 5])));
    const { qc } = loadedChat(true, newest);
    await catchUpMessages(qc, ME, CHAT);
    expect(seqs(qc)).toEqual([1, 2, 3, 4, 5]);
    expect(urls).toEqual([
      `/api/chats/${CHAT}/messages?after=2&limit=200`,
      `/api/chats/${CHAT}/messages?after=4&limit=200`,
    ]);
    expect(newest).not.toHaveBeenCalled();
  });

  it('a failed read keeps the open conversation on screen and reads it again from the newest', async () => {
    server('offline');
    let answer: (page: MessagePage) => void = () => undefined;
    const newest = vi.fn(() => new Promise<MessagePage>((resolve) => (answer = resolve)));
    const { qc, shown } = loadedChat(true, newest);
    const done = catchUpMessages(qc, ME, CHAT);
    await vi.waitFor(() => expect(newest).toHaveBeenCalledTimes(1));
    // While that read is under way, the loaded messages stay.
    expect(seqs(qc)).toEqual([1, 2]);
    answer(page([1, 2, 3]));
    await done;
    expect(seqs(qc)).toEqual([1, 2, 3]);
    // Never blank in between.
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((s) => s !== undefined && s.length >= 2)).toBe(true);
  });

  it('a read that fails again still leaves the conversation on screen', async () => {
    server('offline');
    const newest = vi.fn(() => Promise.reject(new Error('offline')));
    const { qc, shown } = loadedChat(true, newest);
    await catchUpMessages(qc, ME, CHAT);
    expect(newest).toHaveBeenCalledTimes(1);
    expect(seqs(qc)).toEqual([1, 2]);
    expect(shown.every((s) => s !== undefined && s.length === 2)).toBe(true);
    // Stale, so the next reconnect, focus or opening reads it again.
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('a conversation that is not open keeps its messages and is marked to be read when opened', async () => {
    server('offline');
    const { qc } = loadedChat(false, () => Promise.resolve(page([])));
    await catchUpMessages(qc, ME, CHAT);
    expect(seqs(qc)).toEqual([1, 2]);
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('a gap of more than 5 pages reads the conversation again from the newest page', async () => {
    const urls = server(...[3, 4, 5, 6, 7].map((seq) => page([seq], true)));
    const newest = vi.fn(() => Promise.resolve(page([600, 601])));
    const { qc, shown } = loadedChat(true, newest);
    await catchUpMessages(qc, ME, CHAT);
    expect(urls).toHaveLength(5);
    expect(newest).toHaveBeenCalledTimes(1);
    expect(seqs(qc)).toEqual([600, 601]);
    expect(shown.every((s) => s !== undefined && s.length >= 2)).toBe(true);
  });
});
