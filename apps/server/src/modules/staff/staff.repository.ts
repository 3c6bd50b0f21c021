import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

export type StaffRole = 'moderator' | 'admin';

export type PasskeyRow = {
  credentialId: string;
  userId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
};

/** SQL of staff roles, their passkeys, and the second factor kept on a session. */
export function createStaffRepository(db: Db) {
  return {
    async roleOf(userId: string): Promise<StaffRole | null> {
      const row = await db
        .selectFrom('staffRoles')
        .select('role')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row ? (row.role as StaffRole) : null;
    },

    /** Sets the role; false when the person does not exist. */
    async setRole(
      trx: Trx,
      userId: string,
      role: StaffRole,
      grantedBy: string | null,
    ): Promise<boolean> {
      const exists = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!exists) return false;
      await trx
        .insertInto('staffRoles')
        .values({ userId, role, grantedBy })
        .onConflict((oc) =>
          oc.column('userId').doUpdateSet({ role, grantedBy, grantedAt: new Date() }),
        )
        .execute();
      return true;
    },

    async removeRole(trx: Trx, userId: string): Promise<boolean> {
      const done = await trx
        .deleteFrom('staffRoles')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return done.numDeletedRows > 0n;
    },

    listRoles() {
      return db
        .selectFrom('staffRoles as r')
        .innerJoin('users as u', 'u.id', 'r.userId')
        .select(['r.userId', 'u.name', 'u.email', 'r.role', 'r.grantedAt'])
        .orderBy('r.grantedAt')
        .execute();
    },

    /** The signed-in account's id with the given provider e-mail (STAFF_ADMINS). */
    async providerAccountsWithEmails(emails: readonly string[]): Promise<string[]> {
      if (emails.length === 0) return [];
      const rows = await db
        .selectFrom('oauthIdentities')
        .select('userId')
        .where((eb) =>
          eb(
            eb.fn('lower', ['email']),
            'in',
            emails.map((e) => e.toLowerCase()),
          ),
        )
        .execute();
      return rows.map((r) => r.userId);
    },

    passkeysOf(userId: string): Promise<PasskeyRow[]> {
      return db
        .selectFrom('staffPasskeys')
        .select(['credentialId', 'userId', 'publicKey', 'counter', 'transports'])
        .where('userId', '=', userId)
        .execute();
    },

    async insertPasskey(row: PasskeyRow): Promise<void> {
      await db.insertInto('staffPasskeys').values(row).execute();
    },

    async usedPasskey(credentialId: string, counter: number): Promise<void> {
      await db
        .updateTable('staffPasskeys')
        .set({ counter, lastUsedAt: new Date() })
        .where('credentialId', '=', credentialId)
        .execute();
    },

    /** Keeps the ceremony's challenge on the session (a new one replaces it). */
    async setChallenge(tokenHash: string, challenge: string, expiresAt: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ webauthnChallenge: challenge, webauthnChallengeExpiresAt: expiresAt })
        .where('tokenHash', '=', tokenHash)
        .execute();
    },

    /** Takes the session's challenge (once): null when there is none or it expired. */
    async takeChallenge(tokenHash: string): Promise<string | null> {
      const result = await sql<{ challenge: string | null; expiresAt: string | null }>`
        update sessions s
           set webauthn_challenge = null, webauthn_challenge_expires_at = null
          from (select token_hash, webauthn_challenge, webauthn_challenge_expires_at
                  from sessions where token_hash = ${tokenHash} for update) old
         where s.token_hash = old.token_hash
        returning old.webauthn_challenge as challenge,
                  old.webauthn_challenge_expires_at as "expiresAt"`.execute(db);
      const row = result.rows[0];
      if (!row?.challenge || !row.expiresAt) return null;
      return new Date(row.expiresAt).getTime() > Date.now() ? row.challenge : null;
    },

    async verifiedAt(tokenHash: string): Promise<Date | null> {
      const row = await db
        .selectFrom('sessions')
        .select('staffVerifiedAt')
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      return row?.staffVerifiedAt ? new Date(row.staffVerifiedAt) : null;
    },

    async setVerified(tokenHash: string, at: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ staffVerifiedAt: at })
        .where('tokenHash', '=', tokenHash)
        .execute();
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
