import { v7 as uuidv7 } from 'uuid';
import {
  moderationMessages,
  NOTICE_KINDS,
  type AppealInput,
  type ModerationReason,
  type NoticeKind,
  userRoom,
  type Standing,
  type SuspensionDays,
  type Warning,
} from '@heartline/domain';
import * as z from 'zod/mini';
import type { Trx } from '../../db/database.ts';
import { enqueueJob } from '../../jobs/jobs.repository.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { sessionStream } from '../../realtime/realtime.ts';
import type { Emit } from '../events/events.outbox.ts';
import type { Graph } from '../graph/graph.service.ts';
import type { ActionRow, ModerationRepository } from './moderation.repository.ts';

/** A ban keeps these so the same person cannot sign up again (`banned_identities`). */
export type BannedKey = { kind: 'identity' | 'email'; value: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The job that ends a suspension at its time. */
export const SUSPENSION_END_JOB = 'moderation.suspension-end';
const suspensionEndSchema = z.object({ actionId: z.uuid() });

export type StaffAction =
  { kind: NoticeKind } | { kind: 'suspend'; days: SuspensionDays } | { kind: 'ban' };

/** Work done in an action's transaction after it is stored (a case closing with it). */
export type InAction = (trx: Trx, emit: Emit, actionId: string) => Promise<void>;

/**
 * The normalized form of an e-mail address that a ban keeps: lower case, without a `+tag`, and
 * for Gmail without dots (the same mailbox under another spelling is the same person).
 */
export function normalizeEmail(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const base = local.split('+')[0] ?? '';
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? base.replaceAll('.', '') : base}@${gmail ? 'gmail.com' : domain}`;
}

/** The ban-evasion keys of a sign-in: its provider identity and its e-mail. */
export function signInKeys(input: {
  identity?: { provider: string; subject: string };
  emails: readonly (string | null | undefined)[];
}): BannedKey[] {
  const keys: BannedKey[] = [];
  if (input.identity) {
    keys.push({ kind: 'identity', value: `${input.identity.provider} ${input.identity.subject}` });
  }
  for (const email of input.emails) {
    if (email) keys.push({ kind: 'email', value: normalizeEmail(email) });
  }
  return keys;
}

export type ModerationDeps = {
  repo: ModerationRepository;
  graph: Pick<Graph, 'write'>;
  /** The person's live sessions, and telling every instance to read one again after commit. */
  sessions: {
    liveOf: (userId: string, trx: Trx) => Promise<string[]>;
    changed: (tokenHash: string) => Promise<void>;
  };
  /**
   * Who sees the person: their friends, and the other member of each of their chats (whose
   * Network and chats read them as gone while restricted, and as before once it ends).
   */
  others: (
    trx: Trx,
    person: { id: string; seq: number },
  ) => Promise<{ friends: string[]; chats: { chatId: string; otherId: string }[] }>;
  /** Replaces the person's photo with the placeholder, or empties the bio (content removed). */
  removeContent: (trx: Trx, emit: Emit, userId: string, what: 'photo' | 'bio') => Promise<void>;
  now?: () => number;
};

/**
 * Warnings, suspensions and bans (DESIGN.md §6), and what the person acted against reads and
 * answers. A suspended or banned account's state is an input of the interaction rule
 * (access.policy.ts): to everyone else the person is not there. Their sessions stay, restricted
 * to the standing routes: the sockets close and every instance reads the session again.
 */
export function createModerationService(deps: ModerationDeps) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;

  /**
   * Sets the person's state in the graph's write path (the index reads their facts again:
   * Discover, paths), ends their sockets, and after the commit has every instance read their
   * sessions again.
   */
  async function changeState(
    userId: string,
    work: (trx: Trx, emit: Emit, person: { seq: number }) => Promise<void>,
  ): Promise<void> {
    const hashes = await deps.graph.write(async (trx, record, emit) => {
      const person = await repo.lockPerson(trx, userId);
      if (!person) throw new NotFoundError();
      await work(trx, emit, person);
      await record('user', person.seq);
      const after = await repo.lockPerson(trx, userId);
      const restricted = after?.accountStatus !== 'ACTIVE';
      if (restricted !== (person.accountStatus !== 'ACTIVE')) {
        await tellOthers(trx, emit, { id: userId, seq: person.seq }, restricted);
      }
      const live = await deps.sessions.liveOf(userId, trx);
      for (const hash of live)
        emit(sessionStream(hash), 'session.revoked', { reason: 'restricted' });
      return live;
    });
    await Promise.all(hashes.map((hash) => deps.sessions.changed(hash)));
  }

  /**
   * The person's friends and chat partners are told at once (their lists, their chats read
   * again): friendship events, as for a friendship that ends and one that begins, and
   * `chat.updated` for each chat, which reads 'Unknown User' while the restriction lasts.
   */
  async function tellOthers(
    trx: Trx,
    emit: Emit,
    person: { id: string; seq: number },
    restricted: boolean,
  ) {
    const { friends, chats } = await deps.others(trx, person);
    const type = restricted ? 'friendship.removed' : 'friendship.created';
    for (const id of friends) emit(userRoom(id), type, { userId: person.id });
    for (const chat of chats) emit(userRoom(chat.otherId), 'chat.updated', { chatId: chat.chatId });
  }

  async function audit(
    trx: Trx,
    staffId: string | null,
    action: string,
    subjectId: string,
    detail: object,
  ) {
    await repo.audit(trx, { staffId, action, subjectId, detail });
  }

  /** Ends a restriction: the person is active again and a ban's keys are released. */
  async function lift(trx: Trx, restriction: ActionRow, userId: string) {
    await repo.setState(trx, userId, 'ACTIVE', null);
    if (restriction.kind === 'ban') await repo.releaseBanned(trx, restriction.id);
  }

  return {
    /**
     * A warning, a removal of content, a suspension or a ban by `staffId` (null: the system).
     * `also` runs in the same transaction (a case closing with it). Returns the action's id.
     */
    async act(input: {
      staffId: string | null;
      userId: string;
      action: StaffAction;
      reason: ModerationReason;
      message: string;
      also?: InAction;
    }): Promise<{ actionId: string }> {
      const id = uuidv7();
      const { action, userId, staffId } = input;
      const also = input.also ?? (async () => undefined);
      // Nobody acts on their own account (DESIGN.md §6).
      if (staffId === userId) throw new ForbiddenError(moderationMessages.notOnOwnAccount);
      const row = { id, userId, staffId, reason: input.reason, message: input.message };
      if (action.kind !== 'suspend' && action.kind !== 'ban') {
        // A notice: the person reads it the next time they open the app (and acknowledges it).
        await deps.graph.write(async (trx, record, emit) => {
          const person = await repo.lockPerson(trx, userId);
          if (!person) throw new NotFoundError();
          if (action.kind === 'remove_photo') await deps.removeContent(trx, emit, userId, 'photo');
          if (action.kind === 'remove_bio') await deps.removeContent(trx, emit, userId, 'bio');
          await repo.insertAction(trx, { ...row, kind: action.kind, endsAt: null });
          await audit(trx, staffId, action.kind, userId, { actionId: id, reason: input.reason });
          await also(trx, emit, id);
          await record('user', person.seq);
        });
        return { actionId: id };
      }
      await changeState(userId, async (trx, emit) => {
        if (action.kind === 'suspend') {
          const endsAt = new Date(now() + action.days * DAY_MS);
          await repo.insertAction(trx, { ...row, kind: 'suspend', endsAt });
          await repo.setState(trx, userId, 'SUSPENDED', endsAt);
          await enqueueJob(trx, {
            kind: SUSPENSION_END_JOB,
            payload: { actionId: id },
            runAt: endsAt,
          });
          await audit(trx, staffId, 'suspend', userId, {
            actionId: id,
            reason: input.reason,
            days: action.days,
          });
        } else {
          await repo.insertAction(trx, { ...row, kind: 'ban', endsAt: null });
          await repo.setState(trx, userId, 'BANNED', null);
          const found = await repo.signInKeysOf(trx, userId);
          const keys = [
            ...found.identities.map((identity) => signInKeys({ identity, emails: [] })).flat(),
            ...signInKeys({ emails: found.emails }),
          ];
          await repo.keepBanned(trx, keys, id);
          await audit(trx, staffId, 'ban', userId, { actionId: id, reason: input.reason });
        }
        await also(trx, emit, id);
      });
      return { actionId: id };
    },

    /**
     * Lifts the restriction in force (staff, or an appeal overturned): everything the person
     * had comes back as it was, since nothing of it was removed.
     */
    async liftRestriction(input: {
      staffId: string | null;
      userId: string;
      reason: ModerationReason;
      message: string;
    }): Promise<void> {
      await changeState(input.userId, async (trx) => {
        const restriction = await repo.restriction(input.userId, trx);
        if (!restriction) throw new NotFoundError(moderationMessages.nothingToAppeal);
        await repo.markOverturned(trx, restriction.id);
        await lift(trx, restriction, input.userId);
        await repo.insertAction(trx, {
          id: uuidv7(),
          userId: input.userId,
          staffId: input.staffId,
          kind: 'lift',
          reason: input.reason,
          message: input.message,
          endsAt: null,
        });
        await audit(trx, input.staffId, 'lift', input.userId, { actionId: restriction.id });
      });
    },

    /** The suspension's time is up (the job queued with it); nothing if it was lifted or replaced. */
    async endSuspension(payload: unknown): Promise<void> {
      const { actionId } = suspensionEndSchema.parse(payload);
      const action = await repo.findAction(actionId);
      if (!action?.userId || action.kind !== 'suspend' || action.overturnedAt) return;
      const userId = action.userId;
      await changeState(userId, async (trx) => {
        const restriction = await repo.restriction(userId, trx);
        if (restriction?.id !== actionId) return;
        await lift(trx, restriction, userId);
        await audit(trx, null, 'suspension_ended', userId, { actionId });
      });
    },

    /** What a restricted account reads (null: the account is not restricted). */
    async standing(userId: string): Promise<Standing | null> {
      const action = await repo.restriction(userId);
      if (!action || (action.kind !== 'suspend' && action.kind !== 'ban')) return null;
      const appeal = await repo.appealOf(action.id);
      return {
        state: action.kind === 'ban' ? 'BANNED' : 'SUSPENDED',
        actionId: action.id,
        reason: action.reason,
        message: action.message,
        until: action.endsAt ? new Date(action.endsAt).toISOString() : null,
        at: new Date(action.createdAt).toISOString(),
        appeal: appeal ? { status: appeal.status, decisionReason: appeal.decisionReason } : null,
      };
    },

    /** The notice a member must acknowledge before going on (null: none), with its appeal. */
    async warning(userId: string): Promise<Warning | null> {
      const action = await repo.openWarning(userId);
      if (!action) return null;
      const appeal = await repo.appealOf(action.id);
      return {
        kind: action.kind as NoticeKind,
        actionId: action.id,
        reason: action.reason,
        message: action.message,
        at: new Date(action.createdAt).toISOString(),
        appeal: appeal ? { status: appeal.status, decisionReason: appeal.decisionReason } : null,
      };
    },

    async acknowledge(userId: string, actionId: string): Promise<void> {
      if (!(await repo.acknowledge(userId, actionId))) {
        throw new NotFoundError(moderationMessages.warningNotFound);
      }
    },

    /** The person's one appeal of the restriction in force. */
    async appeal(userId: string, input: AppealInput): Promise<{ message: string }> {
      await deps.graph.write(async (trx) => {
        const restriction = await repo.restriction(userId, trx);
        if (!restriction) throw new NotFoundError(moderationMessages.nothingToAppeal);
        const stored = await repo.insertAppeal(trx, {
          id: uuidv7(),
          actionId: restriction.id,
          userId,
          text: input.text,
        });
        if (!stored) throw new ConflictError(moderationMessages.appealTaken);
      });
      return { message: moderationMessages.appealSent };
    },

    /**
     * The person's one appeal of a notice of theirs (a warning, content removed), from the
     * notice itself, before they acknowledge it or after.
     */
    async appealNotice(
      userId: string,
      actionId: string,
      input: AppealInput,
    ): Promise<{ message: string }> {
      await deps.graph.write(async (trx) => {
        const action = await repo.findAction(actionId, trx);
        const notice = (NOTICE_KINDS as readonly string[]).includes(action?.kind ?? '');
        if (!action || action.userId !== userId || !notice) {
          throw new NotFoundError(moderationMessages.nothingToAppeal);
        }
        const stored = await repo.insertAppeal(trx, { id: uuidv7(), actionId, userId, ...input });
        if (!stored) throw new ConflictError(moderationMessages.appealTaken);
      });
      return { message: moderationMessages.appealSent };
    },

    /**
     * Staff decide an appeal, with a reason the person reads: an overturned restriction is
     * lifted; an appealed notice shows again with the outcome (overturned, it no longer counts
     * against the person; removed content is not put back — they may add it again).
     */
    async decideAppeal(input: {
      staffId: string;
      appealId: string;
      decision: 'upheld' | 'overturned';
      reason: string;
    }): Promise<void> {
      const open = await repo.findAppeal(input.appealId);
      if (!open?.userId || open.status !== 'open') throw new NotFoundError();
      const userId = open.userId;
      const decide = async (trx: Trx) => {
        const decided = await repo.decideAppeal(trx, input.appealId, {
          status: input.decision,
          reason: input.reason,
          staffId: input.staffId,
        });
        if (!decided) throw new NotFoundError();
        await audit(trx, input.staffId, `appeal_${input.decision}`, userId, {
          appealId: decided.id,
          actionId: decided.actionId,
        });
        return decided;
      };
      const action = await repo.findAction(open.actionId);
      const notice = (NOTICE_KINDS as readonly string[]).includes(action?.kind ?? '');
      if (input.decision === 'upheld' || notice) {
        await deps.graph.write(async (trx) => {
          const decided = await decide(trx);
          if (!notice) return;
          if (input.decision === 'overturned') await repo.markOverturned(trx, decided.actionId);
          await repo.reopenNotice(trx, decided.actionId);
        });
        return;
      }
      await changeState(userId, async (trx) => {
        const decided = await decide(trx);
        const restriction = await repo.restriction(userId, trx);
        if (restriction?.id !== decided.actionId) return;
        await repo.markOverturned(trx, restriction.id);
        await lift(trx, restriction, userId);
      });
    },

    /** Whether a sign-up or first sign-in with these keys belongs to a banned person. */
    isBanned: (keys: readonly BannedKey[]): Promise<boolean> => repo.isBanned(keys),

    /** Whether the staff member reported the person (they leave that case to someone else). */
    hasReported: (staffId: string, userId: string) => repo.hasReported(staffId, userId),

    /** An appeal with the kind of decision it is about (null: no such appeal). */
    async appealWithAction(appealId: string) {
      const appeal = await repo.findAppeal(appealId);
      const action = appeal && (await repo.findAction(appeal.actionId));
      return appeal && action ? { ...appeal, kind: action.kind } : null;
    },

    /** The restriction in force on a person, if any (only an admin lifts a ban). */
    restrictionOf: (userId: string) => repo.restriction(userId),

    openAppeals: async (limit = 100) =>
      (await repo.openAppeals(limit)).map((row) => ({
        ...row,
        createdAt: new Date(row.createdAt).toISOString(),
        actedAt: new Date(row.actedAt).toISOString(),
      })),

    auditLog: async (filter: {
      subjectId?: string;
      staffId?: string;
      before?: number;
      limit: number;
    }) =>
      (await repo.auditLog(filter)).map((row) => ({ ...row, at: new Date(row.at).toISOString() })),

    /** Appends to the audit log in the caller's transaction (staff role changes). */
    audit: (
      trx: Trx,
      row: { staffId: string | null; action: string; subjectId: string; detail: object },
    ) => repo.audit(trx, row),
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
