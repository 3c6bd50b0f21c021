import type { Db } from '../../db/database.ts';

/** SQL of invitation links. */
export function createInvitationsRepository(db: Db) {
  return {
    async findActive(creatorId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('invitations')
        .select('code')
        .where('creatorId', '=', creatorId)
        .where('isActive', '=', true)
        .executeTakeFirst();
      return row?.code;
    },

    /** Creates the creator's link unless one exists (a concurrent first call loses quietly). */
    async createIfMissing(row: { id: string; code: string; creatorId: string }): Promise<void> {
      await db
        .insertInto('invitations')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
