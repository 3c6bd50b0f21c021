import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

export type InvitationRow = {
  id: string;
  code: string;
  creatorId: string;
  message: string | null;
  maxUses: number | null;
  currentUses: number;
  expiresAt: Date | null;
  isActive: boolean;
  isDefault: boolean;
  createdAt: Date;
};

/** An invitation with what the lookup shows of its creator. */
export type InvitationWithCreator = InvitationRow & {
  creatorName: string | null;
  creatorAvatarUrl: string | null;
  creatorPhotoUrl: string | null;
  creatorSeq: number;
  creatorStatus: string;
};

const columns = [
  'i.id',
  'i.code',
  'i.creatorId',
  'i.message',
  'i.maxUses',
  'i.currentUses',
  'i.expiresAt',
  'i.isActive',
  'i.isDefault',
  'i.createdAt',
] as const;

const LIST_MAX = 100;

/** SQL of invitation links. */
export function createInvitationsRepository(db: Db) {
  return {
    async findDefault(creatorId: string): Promise<InvitationRow | undefined> {
      return db
        .selectFrom('invitations as i')
        .select(columns)
        .where('i.creatorId', '=', creatorId)
        .where('i.isDefault', '=', true)
        .where('i.isActive', '=', true)
        .executeTakeFirst();
    },

    /** Creates the creator's default link unless one exists (a concurrent first call loses quietly). */
    async createDefaultIfMissing(row: { id: string; code: string; creatorId: string }) {
      await db
        .insertInto('invitations')
        .values({ ...row, isDefault: true })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /**
     * Adds a link unless the creator already holds `activeMax` working ones; counted under a lock
     * on the creator's row, so two concurrent creations cannot both slip under the limit.
     */
    async create(
      row: {
        id: string;
        code: string;
        creatorId: string;
        message: string | null;
        maxUses: number | null;
        expiresAt: Date | null;
      },
      activeMax: number,
    ): Promise<InvitationRow | null> {
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', row.creatorId)
          .forUpdate()
          .execute();
        // Links that still work, besides the default one (expired or used-up ones free a slot).
        const active = await trx
          .selectFrom('invitations')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('creatorId', '=', row.creatorId)
          .where('isActive', '=', true)
          .where('isDefault', '=', false)
          .where((eb) =>
            eb.or([eb('maxUses', 'is', null), eb('currentUses', '<', eb.ref('maxUses'))]),
          )
          .where((eb) =>
            eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]),
          )
          .executeTakeFirst();
        if (Number(active?.n ?? 0) >= activeMax) return null;
        return trx.insertInto('invitations').values(row).returning(plain).executeTakeFirstOrThrow();
      });
    },

    list(creatorId: string): Promise<InvitationRow[]> {
      return db
        .selectFrom('invitations as i')
        .select(columns)
        .where('i.creatorId', '=', creatorId)
        .orderBy('i.isActive', 'desc')
        .orderBy('i.createdAt', 'desc')
        .limit(LIST_MAX)
        .execute();
    },

    findByCode(code: string): Promise<InvitationWithCreator | undefined> {
      return db
        .selectFrom('invitations as i')
        .innerJoin('users as u', 'u.id', 'i.creatorId')
        .select([
          ...columns,
          'u.name as creatorName',
          'u.avatarUrl as creatorAvatarUrl',
          'u.photoUrl as creatorPhotoUrl',
          sql<number>`u.seq::int`.as('creatorSeq'),
          'u.accountStatus as creatorStatus',
        ])
        .where('i.code', '=', code)
        .executeTakeFirst();
    },

    /** The creator's own link goes inactive; undefined when it is not theirs (or not there). */
    deactivate(code: string, creatorId: string): Promise<InvitationRow | undefined> {
      return db
        .updateTable('invitations')
        .set({ isActive: false, updatedAt: new Date() })
        .where('code', '=', code)
        .where('creatorId', '=', creatorId)
        .returning(plain)
        .executeTakeFirst();
    },

    /**
     * Counts one use if the link still works: one conditional update, so simultaneous
     * redemptions of the last use serialize on the row and exactly one wins.
     */
    async consumeUse(trx: Trx, id: string): Promise<boolean> {
      const row = await trx
        .updateTable('invitations')
        .set((eb) => ({ currentUses: eb('currentUses', '+', 1), updatedAt: new Date() }))
        .where('id', '=', id)
        .where('isActive', '=', true)
        .where((eb) =>
          eb.or([eb('maxUses', 'is', null), eb('currentUses', '<', eb.ref('maxUses'))]),
        )
        .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The row as it is now (inside the redeeming transaction: why a use was refused). */
    current(trx: Trx, id: string): Promise<InvitationRow | undefined> {
      return trx
        .selectFrom('invitations as i')
        .select(columns)
        .where('i.id', '=', id)
        .executeTakeFirst();
    },
  };
}

const plain = [
  'id',
  'code',
  'creatorId',
  'message',
  'maxUses',
  'currentUses',
  'expiresAt',
  'isActive',
  'isDefault',
  'createdAt',
] as const;

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
