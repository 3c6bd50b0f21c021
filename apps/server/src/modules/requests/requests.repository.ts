import type { Db, Trx } from '../../db/database.ts';

export type RequestRow = {
  id: string;
  kind: string;
  status: string;
  fromUserId: string;
  toUserId: string;
  createdAt: Date;
  decidedAt: Date | null;
};

/** A request joined with the other party's public fields. */
export type RequestWithParty = RequestRow & {
  partySeq: string;
  partyName: string | null;
  partyAvatarUrl: string | null;
};

const columns = [
  'r.id',
  'r.kind',
  'r.status',
  'r.fromUserId',
  'r.toUserId',
  'r.createdAt',
  'r.decidedAt',
] as const;

const LIST_MAX = 100;

/** SQL of connection requests. */
export function createRequestsRepository(db: Db) {
  return {
    findOpenBetween(a: string, b: string, trx: Trx | Db = db): Promise<RequestRow | undefined> {
      return trx
        .selectFrom('connectionRequests as r')
        .select(columns)
        .where('r.status', '=', 'PENDING')
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
      row: { id: string; fromUserId: string; toUserId: string },
    ): Promise<boolean> {
      const rows = await trx
        .insertInto('connectionRequests')
        .values({ ...row, kind: 'connect', status: 'PENDING', invitationId: null })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .execute();
      return rows.length > 0;
    },

    /** The open request addressed to `recipient`, locked until the decision commits. */
    lockOpenFor(trx: Trx, id: string, recipient: string): Promise<RequestRow | undefined> {
      return trx
        .selectFrom('connectionRequests as r')
        .select(columns)
        .where('r.id', '=', id)
        .where('r.toUserId', '=', recipient)
        .where('r.status', '=', 'PENDING')
        .forUpdate()
        .executeTakeFirst();
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
        .returning('toUserId')
        .executeTakeFirst();
      return row?.toUserId;
    },

    async decide(trx: Trx, id: string, status: 'accepted' | 'rejected'): Promise<Date> {
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
        .where('r.status', '=', 'PENDING')
        .orderBy('r.createdAt', 'desc')
        .limit(LIST_MAX)
        .execute();
    },
  };
}

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
