import type { Db, Trx } from '../../db/database.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { createSessionsRepository } from './sessions.repository.ts';

/** An account's stored state as a session reads it: only an active account is a member. */
export type SessionState = 'ACTIVE' | 'SUSPENDED' | 'BANNED';

export type SessionInfo = {
  userId: string;
  tokenHash: string;
  /** When the session ends unless it is used again (the idle or the absolute expiry), ms. */
  endsAt: number;
  /**
   * The account's state when the session was looked up. A suspended or banned account's
   * session is restricted: it reaches only the standing routes (modules/moderation).
   */
  state: SessionState;
};

const asSessionState = (stored: string): SessionState =>
  stored === 'ACTIVE' || stored === 'SUSPENDED' ? stored : 'BANNED';

const TOUCH_EVERY_MS = 60_000;
/** Sliding-expiry writes are gathered and stored together this often. */
const TOUCH_FLUSH_MS = 1_000;
/**
 * How long a looked-up session is trusted without asking the database again. Sign-outs reach
 * every instance's cache at once (`announceRevoked`); this bounds what a lost announcement
 * (Redis restarting) could leave behind.
 */
const CACHE_MS = 60_000;
const CACHE_MAX = 100_000;

type Cached = {
  userId: string;
  state: SessionState;
  expiresAt: number;
  idleExpiresAt: number;
  lastSeenAt: number;
};

export type SessionsOptions = {
  idleMs: number;
  absoluteMs: number;
  /** Tells the other instances that a session ended (they drop their cached copy). */
  announceRevoked?: (tokenHash: string) => Promise<void>;
  /** A background write failed (the sliding expiries of one flush): logged and counted. */
  onError?: (err: unknown, reason: string) => void;
};

/**
 * Opaque session tokens: the cookie holds the token, the database only its SHA-256. Every API
 * request resolves its session, so a looked-up session is kept for up to a minute: a sign-out
 * drops it here at once and on the other instances through `announceRevoked`; expiry is
 * checked on every request from the cached times. The sliding idle expiry is written in the
 * background, one statement a second for every session seen, so no request waits on a commit.
 */
export function createSessionsService(db: Db, opts: SessionsOptions) {
  const repo = createSessionsRepository(db);
  // A short idle window (tests, a strict deployment) slides more often than once a minute.
  const touchEvery = Math.min(TOUCH_EVERY_MS, opts.idleMs / 4);
  // A lookup that a sign-out overtook is read again, so it cannot keep the ended session.
  const cache = createReadCache<string, Cached>({
    max: CACHE_MAX,
    ttlMs: CACHE_MS,
    load: async (tokenHash) => {
      const row = await repo.findLive(tokenHash, new Date());
      return (
        row && {
          userId: row.userId,
          state: asSessionState(row.accountStatus),
          expiresAt: new Date(row.expiresAt).getTime(),
          idleExpiresAt: new Date(row.idleExpiresAt).getTime(),
          lastSeenAt: new Date(row.lastSeenAt).getTime(),
        }
      );
    },
  });
  const touched = new Set<string>();
  let flushing: Promise<void> = Promise.resolve();

  function flushTouches(): Promise<void> {
    if (touched.size === 0) return flushing;
    const hashes = [...touched];
    touched.clear();
    const now = Date.now();
    flushing = flushing
      .then(() => repo.touchMany(hashes, new Date(now), new Date(now + opts.idleMs)))
      // Those sessions keep their previous idle expiry; the next use slides it again.
      .catch((err: unknown) => opts.onError?.(err, 'session expiry writes failed'));
    return flushing;
  }
  const timer = setInterval(() => void flushTouches(), TOUCH_FLUSH_MS);
  timer.unref();

  /** The revocation committed: every instance drops its cached copy. */
  async function revoked(tokenHash: string) {
    cache.forget(tokenHash);
    await opts.announceRevoked?.(tokenHash);
  }

  return {
    async create(userId: string, userAgent: string): Promise<{ token: string; info: SessionInfo }> {
      const token = randomToken();
      const tokenHash = sha256(token);
      const now = Date.now();
      await repo.insert({
        tokenHash,
        userId,
        idleExpiresAt: new Date(now + opts.idleMs),
        expiresAt: new Date(now + opts.absoluteMs),
        userAgent: userAgent.slice(0, 300),
      });
      const endsAt = Math.min(now + opts.idleMs, now + opts.absoluteMs);
      return { token, info: { userId, tokenHash, endsAt, state: 'ACTIVE' as const } };
    },

    async resolve(token: string): Promise<SessionInfo | null> {
      if (!token || token.length > 100) return null;
      const tokenHash = sha256(token);
      const now = Date.now();
      const session = await cache.read(tokenHash);
      if (!session) return null;
      if (session.expiresAt <= now || session.idleExpiresAt <= now) {
        cache.forget(tokenHash);
        return null;
      }
      // Sliding idle expiry, written at most once a minute per session (in the background).
      if (now - session.lastSeenAt > touchEvery) {
        session.lastSeenAt = now;
        session.idleExpiresAt = now + opts.idleMs;
        touched.add(tokenHash);
      }
      return {
        userId: session.userId,
        tokenHash,
        endsAt: Math.min(session.expiresAt, session.idleExpiresAt),
        state: session.state,
      };
    },

    /**
     * When a session ends as far as every instance knows now (its row, and this instance's
     * sliding expiry not yet written), or null when it has ended. For the sockets: one lives no
     * longer than its session.
     */
    async endsAt(tokenHash: string): Promise<number | null> {
      const now = Date.now();
      // Used here within the last second: the slid expiry may not be stored yet.
      const local = cache.peek(tokenHash);
      if (local && local.state === 'ACTIVE' && touched.has(tokenHash)) {
        const ends = Math.min(local.expiresAt, local.idleExpiresAt);
        if (ends > now) return ends;
      }
      const row = await repo.findLive(tokenHash, new Date(now));
      // A restricted account holds no socket.
      if (!row || row.accountStatus !== 'ACTIVE') return null;
      const idle = Math.max(new Date(row.idleExpiresAt).getTime(), local?.idleExpiresAt ?? 0);
      const ends = Math.min(new Date(row.expiresAt).getTime(), idle);
      return ends > now ? ends : null;
    },

    /** The token hashes of a person's live sessions (a moderation action restricts them all). */
    liveOf: (userId: string, trx?: Trx) => repo.liveOf(userId, trx ?? db),

    /**
     * Ends the session. With the caller's transaction, the caller calls `revoked` after its
     * commit (until then other instances could still read the row and cache it again).
     */
    async revoke(tokenHash: string, trx?: Trx) {
      cache.forget(tokenHash);
      touched.delete(tokenHash);
      await repo.delete(trx ?? db, tokenHash);
      if (!trx) await revoked(tokenHash);
    },

    revoked,

    /** Another instance revoked this session. */
    forget(tokenHash: string) {
      cache.forget(tokenHash);
    },

    /** Revocations may have been missed (the announcements' channel was down): ask again. */
    forgetAll() {
      cache.forgetAll();
    },

    async pruneExpired() {
      await repo.deleteExpired(new Date());
    },

    /** Stores the pending sliding-expiry writes and stops the background writer. */
    async close() {
      clearInterval(timer);
      await flushTouches();
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
