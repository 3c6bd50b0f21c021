import type { Db } from '../../db/database.ts';

export function createAuthFlowsRepository(db: Db) {
  return {
    async insert(row: {
      idHash: string;
      state: string;
      nonce: string;
      codeVerifier: string;
      returnTo: string | null;
      expiresAt: Date;
    }) {
      await db.insertInto('authFlows').values(row).execute();
    },

    /** Single use: the row is deleted as it is read, so a callback can never be replayed. */
    take(idHash: string) {
      return db
        .deleteFrom('authFlows')
        .where('idHash', '=', idHash)
        .where('expiresAt', '>', new Date())
        .returningAll()
        .executeTakeFirst();
    },

    async deleteExpired() {
      await db.deleteFrom('authFlows').where('expiresAt', '<=', new Date()).execute();
    },
  };
}
