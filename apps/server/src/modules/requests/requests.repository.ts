import { OPEN_REQUEST_STATUSES } from '@heartline/domain';
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

export type RequestRow = {
  id: string;
  kind: string;
  status: string;
  fromUserId: string;
  toUserId: string;
  invitationId: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

const open = [...OPEN_REQUEST_STATUSES];

/** A request joined with the other party's public fields. */
export type RequestWithParty = RequestRow & {
  partySeq: number;
  partyName: string | null;
  partyAvatarUrl: string | null;
};

const columns = [
  'r.id',
  'r.kind',
  'r.status',
  'r.fromUserId',
  'r.toUserId',
  'r.invitationId',
  'r.createdAt',
  'r.decidedAt',
] as const;

const LIST_MAX = 100;

/** SQL of connection requests. */
export function createRequestsRepository(db: Db) {
  return {
    /** Open requests between two people are withdrawn by a block; returns what was withdrawn. */
    async cancelOpenRequestsBetween(
      trx: Trx,
      a: string,
      b: string,
    ): Promise<{ id: string; fromUserId: string; toUserId: string }[]> {
      return trx
        .updateTable('connectionRequests')
        .set({ status: 'rejected', decidedAt: new Date() })
        .where('status', 'in', open)
        .where((eb) =>
          eb.or([
            eb.and([eb('fromUserId', '=', a), eb('toUserId', '=', b)]),
            eb.and([eb('fromUserId', '=', b), eb('toUserId', '=', a)]),
          ]),
        )
        .returning(['id', 'fromUserId', 'toUserId'])
        .execute();
    },

    async pendingIncoming(userId: string, trx: Trx | Db = db): Promise<number> {
      const row = await trx
        .selectFrom('connectionRequests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('toUserId', '=', userId)
        .where('status', 'in', open)
        .executeTakeFirst();
      return row?.n ?? 0;
    },

    findOpenBetween(a: string, b: string, trx: Trx | Db = db): Promise<RequestRow | undefined> {
      return trx
        .selectFrom('connectionRequests as r')
        .select(columns)
        .where('r.status', 'in', open)
        .where((eb) =>
          eb.or([
            eb.and([eb('r.fromUserId', '=', a), eb('r.toUserId', '=', b)]),
            eb.and([eb('r.fromUserId', '=', b), eb('r.toUserId', '=', a)]),
          ]),
        )
        .executeTakeFirst();
    },

    /** Inserts unless an open request for the pair exists (the partial unique index decides). */
    async insert(
      trx: Trx,
      row: Pick<RequestRow, 'id' | 'kind' | 'status' | 'fromUserId' | 'toUserId' | 'invitationId'>,
    ): Promise<boolean> {
      const rows = await trx
        .insertInto('connectionRequests')
        .values({
          id: row.id,
          kind: row.kind,
          status: row.status,
          fromUserId: row.fromUserId,
          toUserId: row.toUserId,
          invitationId: row.invitationId,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .execute();
      return rows.length > 0;
    },

    /**
     * The request addressed to `recipient` in `status` (and of `kind`, when given), locked until
     * the decision commits.
     */
    lockFor(
      trx: Trx,
      id: string,
      recipient: string,
      status: string,
      kind?: string,
    ): Promise<RequestRow | undefined> {
      let query = trx
        .selectFrom('connectionRequests as r')
        .select(columns)
        .where('r.id', '=', id)
        .where('r.toUserId', '=', recipient)
        .where('r.status', '=', status);
      if (kind) query = query.where('r.kind', '=', kind);
      return query.forUpdate().executeTakeFirst();
    },

    /** A chain step that found the two already friends leaves nothing to decide (spec/2 §4). */
    async remove(trx: Trx, id: string): Promise<void> {
      await trx.deleteFrom('connectionRequests').where('id', '=', id).execute();
    },

    /** The statuses of every request of `invitation` that `userId` took part in. */
    async statusesForInvitation(invitationId: string, userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('connectionRequests')
        .select('status')
        .where('invitationId', '=', invitationId)
        .where((eb) => eb.or([eb('fromUserId', '=', userId), eb('toUserId', '=', userId)]))
        .execute();
      return rows.map((r) => r.status);
    },

    /**
     * Withdraws the sender's open request: the row goes (a withdrawn request leaves nothing to
     * decide, and the pair may ask again). The recipient, or undefined when there was none.
     */
    async deleteOpenFrom(trx: Trx, id: string, sender: string): Promise<string | undefined> {
      const row = await trx
        .deleteFrom('connectionRequests')
        .where('id', '=', id)
        .where('fromUserId', '=', sender)
        .where('status', '=', 'PENDING')
        .returning(['toUserId', 'invitationId'])
        .executeTakeFirst();
      // A withdrawn invite request gives its use back: asking and withdrawing again and again
      // must not use up someone's limited link.
      if (row?.invitationId) {
        await trx
          .updateTable('invitations')
          .set((eb) => ({ currentUses: sql<number>`greatest(${eb.ref('currentUses')} - 1, 0)` }))
          .where('id', '=', row.invitationId)
          .execute();
      }
      return row?.toUserId;
    },

    async decide(trx: Trx, id: string, status: string): Promise<Date> {
      const decidedAt = new Date();
      await trx
        .updateTable('connectionRequests')
        .set({ status, decidedAt })
        .where('id', '=', id)
        .execute();
      return decidedAt;
    },

    /** Open requests to (incoming) or from (outgoing) the user, newest first. */
    listOpen(userId: string, direction: 'incoming' | 'outgoing'): Promise<RequestWithParty[]> {
      const mine = direction === 'incoming' ? 'r.toUserId' : 'r.fromUserId';
      const theirs = direction === 'incoming' ? 'r.fromUserId' : 'r.toUserId';
      return db
        .selectFrom('connectionRequests as r')
        .innerJoin('users as u', 'u.id', theirs)
        .select([
          ...columns,
          'u.seq as partySeq',
          'u.name as partyName',
          'u.avatarUrl as partyAvatarUrl',
        ])
        .where(mine, '=', userId)
        .where('r.status', 'in', open)
        .orderBy('r.createdAt', 'desc')
        .limit(LIST_MAX)
        .execute();
    },
  };
}

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
