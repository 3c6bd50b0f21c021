import { NOTICE_KINDS, type ModerationReason, type NoticeKind } from '@heartline/domain';
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { BannedKey } from './moderation.service.ts';

export type ActionKind = NoticeKind | 'suspend' | 'ban' | 'lift';

export type ActionRow = {
  id: string;
  userId: string | null;
  staffId: string | null;
  kind: ActionKind;
  reason: ModerationReason;
  message: string;
  endsAt: string | null;
  acknowledgedAt: string | null;
  overturnedAt: string | null;
  createdAt: string;
};

export type AppealRow = {
  id: string;
  actionId: string;
  userId: string | null;
  text: string;
  status: 'open' | 'upheld' | 'overturned';
  decisionReason: string | null;
  createdAt: string;
};

const actionColumns = [
  'id',
  'userId',
  'staffId',
  'kind',
  'reason',
  'message',
  'endsAt',
  'acknowledgedAt',
  'overturnedAt',
  'createdAt',
] as const;

/** SQL of staff actions, appeals, ban-evasion keys and the audit log. */
export function createModerationRepository(db: Db) {
  return {
    /** The person's row, locked until the action's transaction ends (two actions go in turn). */
    lockPerson(trx: Trx, userId: string) {
      return trx
        .selectFrom('users')
        .select(['id', 'seq', 'email', 'accountStatus', 'suspendedUntil'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
    },

    async setState(
      trx: Trx,
      userId: string,
      state: 'ACTIVE' | 'SUSPENDED' | 'BANNED',
      suspendedUntil: Date | null,
    ): Promise<void> {
      await trx
        .updateTable('users')
        .set({ accountStatus: state, suspendedUntil, updatedAt: new Date() })
        .where('id', '=', userId)
        .execute();
    },

    async insertAction(
      trx: Trx,
      row: {
        id: string;
        userId: string;
        staffId: string | null;
        kind: ActionKind;
        reason: ModerationReason;
        message: string;
        endsAt: Date | null;
      },
    ): Promise<void> {
      await trx.insertInto('moderationActions').values(row).execute();
    },

    async markOverturned(trx: Trx, actionId: string): Promise<void> {
      await trx
        .updateTable('moderationActions')
        .set({ overturnedAt: new Date() })
        .where('id', '=', actionId)
        .execute();
    },

    findAction(actionId: string, trx: Trx | Db = db): Promise<ActionRow | undefined> {
      return trx
        .selectFrom('moderationActions')
        .select(actionColumns)
        .where('id', '=', actionId)
        .executeTakeFirst() as Promise<ActionRow | undefined>;
    },

    /** The suspension or ban in force: the newest one not overturned, while the state holds. */
    async restriction(userId: string, trx: Trx | Db = db): Promise<ActionRow | undefined> {
      return (await trx
        .selectFrom('moderationActions as a')
        .innerJoin('users as u', 'u.id', 'a.userId')
        .select(actionColumns.map((c) => `a.${c}` as const))
        .where('a.userId', '=', userId)
        .where('a.kind', 'in', ['suspend', 'ban'])
        .where('a.overturnedAt', 'is', null)
        .where('u.accountStatus', 'in', ['SUSPENDED', 'BANNED'])
        .orderBy('a.createdAt', 'desc')
        .limit(1)
        .executeTakeFirst()) as ActionRow | undefined;
    },

    /**
     * The oldest notice (a warning, content removed) the person has not acknowledged: new, or
     * opened again by its appeal's decision (overturned ones too, to read the outcome).
     */
    async openWarning(userId: string): Promise<ActionRow | undefined> {
      return (await db
        .selectFrom('moderationActions')
        .select(actionColumns)
        .where('userId', '=', userId)
        .where('kind', 'in', NOTICE_KINDS)
        .where('acknowledgedAt', 'is', null)
        .orderBy('createdAt')
        .limit(1)
        .executeTakeFirst()) as ActionRow | undefined;
    },

    /** True when the notice was the person's and still open. */
    async acknowledge(userId: string, actionId: string): Promise<boolean> {
      const done = await db
        .updateTable('moderationActions')
        .set({ acknowledgedAt: new Date() })
        .where('id', '=', actionId)
        .where('userId', '=', userId)
        .where('kind', 'in', NOTICE_KINDS)
        .where('acknowledgedAt', 'is', null)
        .executeTakeFirst();
      return done.numUpdatedRows > 0n;
    },

    /** The notice shows again (its appeal was decided: the person reads the outcome). */
    async reopenNotice(trx: Trx, actionId: string): Promise<void> {
      await trx
        .updateTable('moderationActions')
        .set({ acknowledgedAt: null })
        .where('id', '=', actionId)
        .where('kind', 'in', NOTICE_KINDS)
        .execute();
    },

    findAppeal(appealId: string): Promise<AppealRow | undefined> {
      return db
        .selectFrom('appeals')
        .select(['id', 'actionId', 'userId', 'text', 'status', 'decisionReason', 'createdAt'])
        .where('id', '=', appealId)
        .executeTakeFirst() as Promise<AppealRow | undefined>;
    },

    appealOf(actionId: string, trx: Trx | Db = db): Promise<AppealRow | undefined> {
      return trx
        .selectFrom('appeals')
        .select(['id', 'actionId', 'userId', 'text', 'status', 'decisionReason', 'createdAt'])
        .where('actionId', '=', actionId)
        .executeTakeFirst() as Promise<AppealRow | undefined>;
    },

    /** False when the action was appealed already (one appeal per action). */
    async insertAppeal(
      trx: Trx,
      row: { id: string; actionId: string; userId: string; text: string },
    ): Promise<boolean> {
      const inserted = await trx
        .insertInto('appeals')
        .values(row)
        .onConflict((oc) => oc.column('actionId').doNothing())
        .executeTakeFirst();
      return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    /** Decides an open appeal; false when it was not open. */
    async decideAppeal(
      trx: Trx,
      appealId: string,
      decision: { status: 'upheld' | 'overturned'; reason: string; staffId: string },
    ): Promise<AppealRow | undefined> {
      return trx
        .updateTable('appeals')
        .set({
          status: decision.status,
          decisionReason: decision.reason,
          decidedBy: decision.staffId,
          decidedAt: new Date(),
        })
        .where('id', '=', appealId)
        .where('status', '=', 'open')
        .returning(['id', 'actionId', 'userId', 'text', 'status', 'decisionReason', 'createdAt'])
        .executeTakeFirst() as Promise<AppealRow | undefined>;
    },

    /** The keys a ban keeps: each provider identity and each e-mail the account signs in with. */
    async signInKeysOf(
      trx: Trx,
      userId: string,
    ): Promise<{ identities: { provider: string; subject: string }[]; emails: string[] }> {
      const identities = await trx
        .selectFrom('oauthIdentities')
        .select(['provider', 'subject', 'email'])
        .where('userId', '=', userId)
        .execute();
      const passwords = await trx
        .selectFrom('passwordCredentials')
        .select('email')
        .where('userId', '=', userId)
        .execute();
      const user = await trx
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirst();
      const emails = [
        user?.email,
        ...identities.map((i) => i.email),
        ...passwords.map((p) => p.email),
      ];
      return {
        identities: identities.map(({ provider, subject }) => ({ provider, subject })),
        emails: emails.filter((e): e is string => typeof e === 'string' && e !== ''),
      };
    },

    async keepBanned(trx: Trx, keys: readonly BannedKey[], actionId: string): Promise<void> {
      if (keys.length === 0) return;
      await trx
        .insertInto('bannedIdentities')
        .values(keys.map((k) => ({ ...k, actionId })))
        .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
        .execute();
    },

    async releaseBanned(trx: Trx, actionId: string): Promise<void> {
      await trx.deleteFrom('bannedIdentities').where('actionId', '=', actionId).execute();
    },

    async isBanned(keys: readonly BannedKey[]): Promise<boolean> {
      if (keys.length === 0) return false;
      const row = await db
        .selectFrom('bannedIdentities')
        .select(sql<number>`1`.as('hit'))
        .where((eb) =>
          eb.or(keys.map((k) => eb.and([eb('kind', '=', k.kind), eb('value', '=', k.value)]))),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether `reporterId` reported `reportedId` (staff do not act on their own reports). */
    async hasReported(reporterId: string, reportedId: string): Promise<boolean> {
      const row = await db
        .selectFrom('reports')
        .select('id')
        .where('reporterId', '=', reporterId)
        .where('reportedId', '=', reportedId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Open appeals, oldest first, with the decision they are about. */
    openAppeals(limit: number) {
      return db
        .selectFrom('appeals as p')
        .innerJoin('moderationActions as a', 'a.id', 'p.actionId')
        .leftJoin('users as u', 'u.id', 'p.userId')
        .select([
          'p.id',
          'p.userId',
          'u.name',
          'p.text',
          'p.createdAt',
          'a.id as actionId',
          'a.kind',
          'a.reason',
          'a.message',
          'a.createdAt as actedAt',
        ])
        .where('p.status', '=', 'open')
        .orderBy('p.createdAt')
        .limit(limit)
        .execute();
    },

    /** The audit log, newest first, optionally about one person or by one staff member. */
    auditLog(filter: { subjectId?: string; staffId?: string; before?: number; limit: number }) {
      let query = db
        .selectFrom('auditLog')
        .select(['id', 'at', 'staffId', 'action', 'subjectId', 'detail'])
        .orderBy('id', 'desc')
        .limit(filter.limit);
      if (filter.subjectId) query = query.where('subjectId', '=', filter.subjectId);
      if (filter.staffId) query = query.where('staffId', '=', filter.staffId);
      if (filter.before) query = query.where('id', '<', filter.before);
      return query.execute();
    },

    /** Appends to the audit log (rows are never changed: the table refuses it). */
    async audit(
      trx: Trx,
      row: { staffId: string | null; action: string; subjectId: string | null; detail: object },
    ): Promise<void> {
      await trx
        .insertInto('auditLog')
        .values({ ...row, detail: JSON.stringify(row.detail) })
        .execute();
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
