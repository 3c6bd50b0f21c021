import { v7 as uuidv7 } from 'uuid';
import {
  type AcceptInvitationResult,
  CONNECTION_REQUEST_LIMIT,
  type ConnectionRequestList,
  type CreateConnectionRequestResult,
  type DecideRequestResult,
  inviteMessages,
  networkMessages,
  type Ok,
  OPEN_REQUEST_STATUSES,
  type RequestAction,
  requestMessages,
  requestTransitions,
  userRoom,
} from '@heartline/domain';
import type { Trx } from '../../db/database.ts';
import {
  ConflictError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../lib/errors.ts';
import { limitRule, type RateLimits } from '../../plugins/rate-limit.ts';
import { assertSettingsAllow, type Access, type Person } from '../access/access.service.ts';
import type { Emit, Transact } from '../events/events.outbox.ts';
import type { Graph, RecordChange } from '../graph/graph.service.ts';
import { presentRequest, type Party } from './requests.presenter.ts';
import type { RequestRow, RequestsRepository } from './requests.repository.ts';

export const connectionRequestRule = limitRule(
  'connection-requests',
  CONNECTION_REQUEST_LIMIT,
  () => requestMessages.tooManyRequests,
);

/** The invite chain's steps after the first (the rest are ordinary request actions). */
export type ChainAction = Extract<
  RequestAction,
  'approve' | 'consent' | 'decline' | 'final-approve' | 'final-decline'
>;

/** How often a send retries when a racing request for the pair came and went in between. */
const INSERT_ATTEMPTS = 3;

/**
 * Ordinary "Connect" requests: PENDING -> accepted | rejected (DESIGN.md §3.6). Every change
 * commits with its events (the outbox); accepting goes through the graph write path, so the
 * friendship, the decision and the events commit together and trust follows right after.
 */
export function createRequestsService(deps: {
  requests: RequestsRepository;
  findUser: (userId: string, trx?: Trx) => Promise<Person | undefined>;
  graph: Graph;
  access: Access;
  transact: Transact;
  limits: RateLimits;
  /** Someone's pending or favorites count changed (every instance drops its cached copy). */
  countsChanged: (seqs: number[]) => void;
}) {
  const { requests, graph, access } = deps;

  async function me(userId: string): Promise<Person> {
    const user = await deps.findUser(userId);
    if (!user) throw new UnauthorizedError();
    return user;
  }

  function party(viewerSeq: number, user: Person): Party {
    return {
      id: user.id,
      name: user.name,
      avatarUrl: user.avatarUrl,
      trustScore: graph.trust(user.seq),
      mutualConnections: graph.locate(viewerSeq, user.seq)?.mutual.length ?? 0,
    };
  }

  /** `user`'s pending incoming requests changed: the badge learns it with the change. */
  async function emitBadge(trx: Trx, emit: Emit, userId: string) {
    const pendingRequests = await requests.pendingIncoming(userId, trx);
    emit(userRoom(userId), 'badges.updated', { pendingRequests });
  }

  /**
   * The friendship a decided request makes (an accept, or an invite chain's final approval),
   * inside its graph write, and what both hear: the requester that it was accepted, both that
   * they are friends now.
   */
  async function befriend(
    trx: Trx,
    record: RecordChange,
    emit: Emit,
    approver: Person,
    requester: Person,
    accepted: RequestRow,
  ) {
    if (await graph.insertFriendship(trx, approver.seq, requester.seq)) {
      await record('add', approver.seq, requester.seq);
    }
    const approverName = approver.name?.trim() || networkMessages.unknownUser;
    emit(
      userRoom(requester.id),
      'request.accepted',
      {
        request: presentRequest(accepted, requester.id, party(requester.seq, approver)),
        requesterId: requester.id,
        approverName,
        approverPhoto: approver.avatarUrl,
        message: requestMessages.requestAccepted(approverName),
      },
      approver.id,
    );
    emit(userRoom(requester.id), 'friendship.created', { userId: approver.id }, approver.id);
    emit(userRoom(approver.id), 'friendship.created', { userId: requester.id }, approver.id);
  }

  /**
   * Accepts the open request `requestId` addressed to `recipient`; null when it is not open, or
   * when a block came between the two meanwhile (the graph lock orders this after any block).
   */
  async function accept(recipient: Person, requestId: string) {
    const decided = await graph.write(async (trx, record, emit) => {
      const row = await requests.lockFor(trx, requestId, recipient.id, 'PENDING', 'connect');
      if (!row) return null;
      const requester = await deps.findUser(row.fromUserId, trx);
      if (!requester) throw new NotFoundError(requestMessages.requestNotFound);
      if (!(await access.stillVisible(recipient, requester.id, 'connect', trx))) return null;
      const decidedAt = await requests.decide(trx, row.id, 'accepted');
      const accepted: RequestRow = { ...row, status: 'accepted', decidedAt };
      await befriend(trx, record, emit, recipient, requester, accepted);
      await emitBadge(trx, emit, recipient.id);
      return { row: accepted, requester };
    });
    if (!decided) return null;
    deps.countsChanged([recipient.seq]);
    return presentRequest(decided.row, recipient.id, party(recipient.seq, decided.requester));
  }

  /**
   * Stores a new request and its events; false when an open one for the pair exists. Behind the
   * graph lock, so a block between the two either came first (and is seen here) or comes after
   * (and withdraws this request).
   */
  function insert(from: Person, to: Person, row: RequestRow): Promise<boolean | 'blocked'> {
    return graph.write(async (trx, _record, emit) => {
      if (!(await access.stillVisible(from, to.id, 'connect', trx))) return 'blocked';
      if (!(await requests.insert(trx, row))) return false;
      emit(
        userRoom(to.id),
        'request.created',
        { request: presentRequest(row, to.id, party(to.seq, from)) },
        from.id,
      );
      await emitBadge(trx, emit, to.id);
      return true;
    });
  }

  /**
   * One step of an invite chain after the first (spec/2 §4, DESIGN.md §3.6), by the recipient
   * of the row it acts on: approve, consent (the request back, FINAL_APPROVAL_PENDING, is
   * created), decline, final-approve (the friendship), final-decline. Null when the row is not
   * the actor's to move from that status, or a block stands between the two.
   */
  async function advance(actor: Person, requestId: string, action: ChainAction) {
    const transition = requestTransitions[action];
    const decided = await graph.write(async (trx, record, emit) => {
      const row = await requests.lockFor(trx, requestId, actor.id, transition.from, 'invite');
      if (!row) return null;
      const other = await deps.findUser(row.fromUserId, trx);
      if (!other) return null;
      if (!(await access.stillVisible(actor, other.id, 'invite', trx))) return null;
      const actorName = actor.name?.trim() || networkMessages.unknownUser;
      const forward = action === 'approve' || action === 'consent' || action === 'final-approve';
      if (forward && (await graph.friendsInDb(actor.seq, other.seq, trx))) {
        // They became friends another way meanwhile: the request goes and the step succeeds.
        await requests.remove(trx, row.id);
        emit(userRoom(other.id), 'request.cancelled', { requestId: row.id }, actor.id);
        await emitBadge(trx, emit, actor.id);
        return { row: { ...row, status: 'accepted', decidedAt: new Date() }, other };
      }
      const decidedAt = await requests.decide(trx, row.id, transition.to);
      let shown: RequestRow = { ...row, status: transition.to, decidedAt };
      switch (action) {
        case 'approve':
          emit(
            userRoom(other.id),
            'request.approved',
            {
              request: presentRequest(shown, other.id, party(other.seq, actor)),
              requesterId: other.id,
              approverName: actorName,
              approverPhoto: actor.avatarUrl,
              message: inviteMessages.approvedMessage(actorName),
            },
            actor.id,
          );
          break;
        case 'consent': {
          const back: RequestRow = {
            id: uuidv7(),
            kind: 'invite',
            status: 'FINAL_APPROVAL_PENDING',
            fromUserId: actor.id,
            toUserId: other.id,
            invitationId: row.invitationId,
            createdAt: new Date(),
            decidedAt: null,
          };
          if (!(await requests.insert(trx, back))) {
            throw new ConflictError(requestMessages.requestChangedMeanwhile);
          }
          emit(
            userRoom(other.id),
            'request.final_approval',
            {
              request: presentRequest(back, other.id, party(other.seq, actor)),
              replaces: row.id,
              message: inviteMessages.finalApprovalMessage(actorName),
            },
            actor.id,
          );
          await emitBadge(trx, emit, other.id);
          // The actor now follows the request back, waiting for the invitee.
          shown = back;
          break;
        }
        case 'final-approve':
          await befriend(trx, record, emit, actor, other, shown);
          break;
        case 'decline':
        case 'final-decline':
          emit(userRoom(other.id), 'request.rejected', { requestId: row.id }, actor.id);
          break;
      }
      await emitBadge(trx, emit, actor.id);
      return { row: shown, other };
    });
    if (!decided) return null;
    deps.countsChanged([actor.seq, decided.other.seq]);
    return presentRequest(decided.row, actor.id, party(actor.seq, decided.other));
  }

  return {
    async create(fromUserId: string, toUserId: string): Promise<CreateConnectionRequestResult> {
      const from = await me(fromUserId);
      const to = await access.findForAction(from, toUserId, 'connect');
      const name = to.name?.trim() || networkMessages.unknownUser;
      if (await graph.friendsInDb(from.seq, to.seq)) {
        throw new ConflictError(requestMessages.alreadyConnected(name));
      }
      for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt++) {
        const open = await requests.findOpenBetween(from.id, to.id);
        // Ours, or an invite chain under way (it has its own steps): nothing new to send.
        if (open && (open.fromUserId === from.id || open.kind !== 'connect')) {
          return {
            outcome: 'already_sent',
            message:
              open.kind === 'connect'
                ? requestMessages.requestAlreadySent
                : inviteMessages.requestAlreadyPending,
            request: presentRequest(open, from.id, party(from.seq, to)),
          };
        }
        if (open) {
          // They had already asked: saying yes is the kind reading of "connect".
          const accepted = await accept(from, open.id);
          if (accepted) {
            return {
              outcome: 'accepted',
              message: requestMessages.alreadyConnected(name),
              request: accepted,
            };
          }
          continue;
        }
        if (attempt === 0) {
          // A new request: the recipient's safety settings have their say (spec/3 §2).
          const place = graph.locate(from.seq, to.seq);
          const mutualFriends = place?.degree === 2 ? place.mutual.length : 0;
          assertSettingsAllow('connect', { ...to.tie, mutualFriends });
          await deps.limits.consume(connectionRequestRule, from.id);
        }
        const row: RequestRow = {
          id: uuidv7(),
          kind: 'connect',
          status: 'PENDING',
          fromUserId: from.id,
          toUserId: to.id,
          invitationId: null,
          createdAt: new Date(),
          decidedAt: null,
        };
        // A conflict means a request for the pair appeared meanwhile: look again.
        const stored = await insert(from, to, row);
        if (stored === 'blocked') throw new NotFoundError(requestMessages.userValidationFailed);
        if (stored) {
          deps.countsChanged([to.seq]);
          return {
            outcome: 'sent',
            message: requestMessages.requestSentTo(name),
            request: presentRequest(row, from.id, party(from.seq, to)),
          };
        }
      }
      throw new ConflictError(requestMessages.requestChangedMeanwhile);
    },

    async list(userId: string): Promise<ConnectionRequestList> {
      const viewer = await me(userId);
      const [incoming, outgoing] = await Promise.all([
        requests.listOpen(userId, 'incoming'),
        requests.listOpen(userId, 'outgoing'),
      ]);
      const partyOf = (r: (typeof incoming)[number]) =>
        r.toUserId === userId ? r.fromUserId : r.toUserId;
      // A request stays stored while its other party's account is suspended, and is not shown.
      const there = new Set(
        (await access.visibleAmong(viewer, [...incoming, ...outgoing].map(partyOf), 'connect')).map(
          (t) => t.id,
        ),
      );
      const present = (r: (typeof incoming)[number]) =>
        presentRequest(
          r,
          userId,
          party(viewer.seq, {
            id: partyOf(r),
            seq: r.partySeq,
            name: r.partyName,
            avatarUrl: r.partyAvatarUrl,
          }),
        );
      const shown = (rows: typeof incoming) => rows.filter((r) => there.has(partyOf(r)));
      return { incoming: shown(incoming).map(present), outgoing: shown(outgoing).map(present) };
    },

    async accept(userId: string, requestId: string): Promise<DecideRequestResult> {
      const recipient = await me(userId);
      const request = await accept(recipient, requestId);
      if (!request) throw new NotFoundError(requestMessages.requestNotFound);
      return { request, trustScore: graph.trust(recipient.seq) };
    },

    /** The sender withdraws a pending request; anyone else, or a decided one: not found. */
    async cancel(userId: string, requestId: string): Promise<Ok> {
      const sender = await me(userId);
      const recipient = await deps.transact(async (trx, emit) => {
        const toUserId = await requests.deleteOpenFrom(trx, requestId, sender.id);
        if (!toUserId) return null;
        // Undone (thrown, so the transaction rolls back) when the recipient is not there.
        if (!(await access.stillVisible(sender, toUserId, 'connect', trx))) {
          throw new NotFoundError(requestMessages.requestNotFound);
        }
        emit(userRoom(toUserId), 'request.cancelled', { requestId }, sender.id);
        await emitBadge(trx, emit, toUserId);
        return toUserId;
      });
      if (!recipient) throw new NotFoundError(requestMessages.requestNotFound);
      const user = await deps.findUser(recipient);
      if (user) deps.countsChanged([user.seq]);
      return { ok: true };
    },

    async reject(userId: string, requestId: string): Promise<DecideRequestResult> {
      const recipient = await me(userId);
      const decided = await graph.write(async (trx, _record, emit) => {
        const row = await requests.lockFor(trx, requestId, recipient.id, 'PENDING');
        if (!row) return null;
        const requester = await deps.findUser(row.fromUserId, trx);
        if (!requester) throw new NotFoundError(requestMessages.requestNotFound);
        if (!(await access.stillVisible(recipient, requester.id, 'connect', trx))) return null;
        const decidedAt = await requests.decide(trx, row.id, 'rejected');
        emit(userRoom(requester.id), 'request.rejected', { requestId: row.id }, recipient.id);
        await emitBadge(trx, emit, recipient.id);
        return { row: { ...row, status: 'rejected' as const, decidedAt }, requester };
      });
      if (!decided) throw new NotFoundError(requestMessages.requestNotFound);
      deps.countsChanged([recipient.seq]);
      return {
        request: presentRequest(decided.row, recipient.id, party(recipient.seq, decided.requester)),
        trustScore: graph.trust(recipient.seq),
      };
    },

    /** The invite chain's next steps (docs/API-invitations.md); wrong party or state: 404. */
    async advance(userId: string, requestId: string, action: ChainAction) {
      const actor = await me(userId);
      const request = await advance(actor, requestId, action);
      if (!request) throw new NotFoundError(requestMessages.requestNotFound);
      return { request, trustScore: graph.trust(actor.seq) } satisfies DecideRequestResult;
    },

    /**
     * Starts the invite chain: the invitee asks the creator (kind invite, PENDING), and the
     * invitation's use is counted in the same transaction by `consumeUse`, which throws (and so
     * undoes the request) when the link no longer works. Per-user answers of spec/2 §5 first.
     */
    async startInvite(
      inviteeId: string,
      invitation: { id: string; creatorId: string },
      consumeUse: (trx: Trx) => Promise<void>,
    ): Promise<AcceptInvitationResult> {
      const invitee = await me(inviteeId);
      if (!invitee.name?.trim()) throw new ValidationError(inviteMessages.completeOnboardingFirst);
      const creator = await access.findForAction(invitee, invitation.creatorId, 'invite');
      const inviterName = creator.name?.trim() || inviteMessages.someone;
      const answer = (
        outcome: AcceptInvitationResult['outcome'],
        message: string,
        row: RequestRow | null,
      ): AcceptInvitationResult => ({
        outcome,
        message,
        inviterId: creator.id,
        inviterName,
        request: row && presentRequest(row, invitee.id, party(invitee.seq, creator)),
      });
      const statuses = await requests.statusesForInvitation(invitation.id, invitee.id);
      if (statuses.includes('accepted')) throw new ConflictError(inviteMessages.alreadyUsed);
      if (statuses.some((s) => (OPEN_REQUEST_STATUSES as readonly string[]).includes(s))) {
        throw new ConflictError(inviteMessages.alreadyPending);
      }
      if (statuses.some((s) => s === 'rejected' || s === 'declined' || s === 'final_declined')) {
        throw new ConflictError(inviteMessages.alreadyDeclined);
      }
      if (await graph.friendsInDb(invitee.seq, creator.seq)) {
        return answer('already_connected', requestMessages.alreadyConnected(inviterName), null);
      }
      const open = await requests.findOpenBetween(invitee.id, creator.id);
      if (open) return answer('already_pending', inviteMessages.requestAlreadyPending, open);
      await deps.limits.consume(connectionRequestRule, invitee.id);
      const row: RequestRow = {
        id: uuidv7(),
        kind: 'invite',
        status: 'PENDING',
        fromUserId: invitee.id,
        toUserId: creator.id,
        invitationId: invitation.id,
        createdAt: new Date(),
        decidedAt: null,
      };
      const stored = await graph.write(async (trx, _record, emit) => {
        if (!(await access.stillVisible(invitee, creator.id, 'invite', trx))) return 'blocked';
        if (!(await requests.insert(trx, row))) return 'conflict';
        await consumeUse(trx);
        emit(
          userRoom(creator.id),
          'request.created',
          { request: presentRequest(row, creator.id, party(creator.seq, invitee)) },
          invitee.id,
        );
        await emitBadge(trx, emit, creator.id);
        return 'stored';
      });
      if (stored === 'blocked') throw new NotFoundError(inviteMessages.notFound);
      if (stored === 'conflict') {
        // A request for the pair appeared meanwhile (the use was not counted).
        const current = await requests.findOpenBetween(invitee.id, creator.id);
        return answer('already_pending', inviteMessages.requestAlreadyPending, current ?? null);
      }
      deps.countsChanged([creator.seq]);
      return answer('sent', inviteMessages.sent(inviterName), row);
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
