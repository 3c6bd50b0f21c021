import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.ts';

export type NewIdentityUser = {
  provider: string;
  subject: string;
  email: string | null;
  name: string | null;
};

/**
 * An account's ways of signing in: identities at the provider and password credentials. A
 * first sign-in creates the user row with its identity, in one transaction.
 */
export function createIdentitiesRepository(db: Db) {
  return {
    async findIdByIdentity(provider: string, subject: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('oauthIdentities')
        .select('userId')
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.userId;
    },

    /** Creates the user and its identity in one transaction; returns the new user id. */
    async createWithIdentity(input: NewIdentityUser): Promise<string> {
      const id = uuidv7();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ id, email: input.email, name: input.name, photoUrl: null })
          .execute();
        await trx
          .insertInto('oauthIdentities')
          .values({
            provider: input.provider,
            subject: input.subject,
            userId: id,
            email: input.email,
          })
          .execute();
      });
      return id;
    },

    async createWithPassword(input: {
      email: string;
      name: string | null;
      passwordHash: string;
    }): Promise<string | null> {
      const id = uuidv7();
      return db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('passwordCredentials')
          .select('userId')
          .where('email', '=', input.email)
          .executeTakeFirst();
        if (taken) return null;
        await trx
          .insertInto('users')
          .values({ id, email: input.email, name: input.name, photoUrl: null })
          .execute();
        await trx
          .insertInto('passwordCredentials')
          .values({ userId: id, email: input.email, passwordHash: input.passwordHash })
          .onConflict((oc) => oc.column('email').doNothing())
          .execute();
        return id;
      });
    },

    findPasswordCredential(email: string) {
      return db
        .selectFrom('passwordCredentials')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
    },
  };
}

export type IdentitiesRepository = ReturnType<typeof createIdentitiesRepository>;
