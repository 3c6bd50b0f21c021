import type { Db } from '../../db/database.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { createSessionsRepository } from './sessions.repository.ts';

export type SessionInfo = { userId: string; tokenHash: string };

const TOUCH_EVERY_MS = 60_000;

/** Opaque session tokens: the cookie holds the token, the database only its SHA-256. */
export function createSessionsService(db: Db, opts: { idleMs: number; absoluteMs: number }) {
  const repo = createSessionsRepository(db);
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
      return { token, info: { userId, tokenHash } };
    },

    async resolve(token: string): Promise<SessionInfo | null> {
      if (!token || token.length > 100) return null;
      const tokenHash = sha256(token);
      const now = new Date();
      const row = await repo.findLive(tokenHash, now);
      if (!row) return null;
      // Sliding idle expiry, written at most once a minute per session.
      if (now.getTime() - new Date(row.lastSeenAt).getTime() > TOUCH_EVERY_MS) {
        await repo.touch(tokenHash, now, new Date(now.getTime() + opts.idleMs));
      }
      return { userId: row.userId, tokenHash };
    },

    async revoke(tokenHash: string) {
      await repo.delete(tokenHash);
    },

    async pruneExpired() {
      await repo.deleteExpired(new Date());
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
