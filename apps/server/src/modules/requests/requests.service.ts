import { v7 as uuidv7 } from 'uuid';
import {
  CONNECTION_REQUEST_LIMIT,
  errorCodes,
  networkMessages,
  type ConnectionRequestList,
  type CreateConnectionRequestResult,
  type DecideRequestResult,
  type Ok,
} from '@heartline/domain';
import { AppError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import type { RateLimitRule, RateLimits } from '../../plugins/rate-limit.ts';
import type { Graph, Publish } from '../graph/graph.service.ts';
import type { NetworkRepository, UserRef } from '../graph/network.repository.ts';
import { presentRequest, type Party } from './requests.presenter.ts';
import type { RequestRow, RequestsRepository } from './requests.repository.ts';

export class ConflictError extends AppError {
  constructor(message: string) {
    super(errorCodes.conflict, message, 409);
  }
}

export const connectionRequestRule: RateLimitRule = {
  name: 'connection-requests',
  points: CONNECTION_REQUEST_LIMIT.points,
  durationSec: CONNECTION_REQUEST_LIMIT.windowMs / 1000,
  message: () => networkMessages.tooManyRequests,
};

/**
 * Ordinary "Connect" requests: PENDING -> accepted | rejected (DESIGN.md §3.6). Accepting goes
 * through the graph write path, so the friendship, the outbox row and the request decision
 * commit together and trust follows right after.
 */
export function createRequestsService(deps: {
  requests: RequestsRepository;
  people: NetworkRepository;
  graph: Graph;
  limits: RateLimits;
  publish: Publish;
  /** Someone's pending or favorites count changed (every instance drops its cached copy). */
  countsChanged: (seqs: number[]) => void;
}) {
  const { requests, people, graph, publish } = deps;

  async function me(userId: string): Promise<UserRef> {
    const user = await people.findUser(userId);
    if (!user) throw new UnauthorizedError();
    return user;
  }

  function party(viewerSeq: number, user: UserRef): Party {
    return {
      id: user.id,
      name: user.name,
      avatarUrl: user.avatarUrl,
      trustScore: graph.index.trust(user.seq),
      mutualConnections: graph.traversal.locate(viewerSeq, user.seq)?.mutual.length ?? 0,
    };
  }

  /** `user`'s pending incoming requests changed: the badge and every cached count learn it. */
  async function pushBadge(user: UserRef) {
    deps.countsChanged([user.seq]);
    publish(user.id, 'badges.updated', { pendingRequests: await people.pendingIncoming(user.id) });
  }

  /** Accepts `row` (addressed to `recipient`); null when it is no longer open. */
  async function accept(recipient: UserRef, requestId: string) {
    const decided = await graph.write(async (trx, record) => {
      const row = await requests.lockOpenFor(trx, requestId, recipient.id);
      if (!row) return null;
      const decidedAt = await requests.decide(trx, row.id, 'accepted');
      const requester = await people.findUser(row.fromUserId, trx);
      if (!requester) return null;
      if (await graph.repo.insertFriendship(trx, recipient.seq, requester.seq)) {
        await record('add', recipient.seq, requester.seq);
      }
      return { row: { ...row, status: 'accepted', decidedAt } satisfies RequestRow, requester };
    });
    if (!decided) return null;
    const { row, requester } = decided;
    publish(requester.id, 'request.accepted', {
      request: presentRequest(row, requester.id, party(requester.seq, recipient)),
      requesterId: requester.id,
      approverName: recipient.name?.trim() || networkMessages.unknownUser,
      approverPhoto: recipient.avatarUrl,
      message: networkMessages.requestAccepted(
        recipient.name?.trim() || networkMessages.unknownUser,
      ),
    });
    publish(requester.id, 'friendship.created', { userId: recipient.id });
    publish(recipient.id, 'friendship.created', { userId: requester.id });
    await pushBadge(recipient);
    return presentRequest(row, recipient.id, party(recipient.seq, requester));
  }

  return {
    async create(fromUserId: string, toUserId: string): Promise<CreateConnectionRequestResult> {
      if (toUserId === fromUserId) throw new ValidationError(networkMessages.cannotConnectToSelf);
      const from = await me(fromUserId);
      const to = await people.findUser(toUserId);
      // A missing person and one blocked either way answer the same (spec/2 §5 wording).
      if (!to || (await graph.repo.blockedEitherWay(from.seq, to.seq))) {
        throw new NotFoundError(networkMessages.userValidationFailed);
      }
      const name = to.name?.trim() || networkMessages.unknownUser;
      if (await graph.repo.areFriends(from.seq, to.seq)) {
        throw new ConflictError(networkMessages.alreadyConnected(name));
      }
      const open = await requests.findOpenBetween(from.id, to.id);
      if (open && open.fromUserId === from.id) {
        return {
          outcome: 'already_sent',
          message: networkMessages.requestAlreadySent,
          request: presentRequest(open, from.id, party(from.seq, to)),
        };
      }
      if (open) {
        // They had already asked: saying yes is the kind reading of "connect".
        const accepted = await accept(from, open.id);
        if (accepted) {
          return {
            outcome: 'accepted',
            message: networkMessages.alreadyConnected(name),
            request: accepted,
          };
        }
      }
      await deps.limits.consume(connectionRequestRule, from.id);
      const id = uuidv7();
      if (!(await requests.insert({ id, fromUserId: from.id, toUserId: to.id }))) {
        const raced = await requests.findOpenBetween(from.id, to.id);
        if (raced) {
          return {
            outcome: 'already_sent',
            message: networkMessages.requestAlreadySent,
            request: presentRequest(raced, from.id, party(from.seq, to)),
          };
        }
      }
      const row: RequestRow = {
        id,
        kind: 'connect',
        status: 'PENDING',
        fromUserId: from.id,
        toUserId: to.id,
        createdAt: new Date(),
        decidedAt: null,
      };
      publish(to.id, 'request.created', {
        request: presentRequest(row, to.id, party(to.seq, from)),
      });
      await pushBadge(to);
      return {
        outcome: 'sent',
        message: networkMessages.requestSentTo(name),
        request: presentRequest(row, from.id, party(from.seq, to)),
      };
    },

    async list(userId: string): Promise<ConnectionRequestList> {
      const viewer = await me(userId);
      const [incoming, outgoing] = await Promise.all([
        requests.listOpen(userId, 'incoming'),
        requests.listOpen(userId, 'outgoing'),
      ]);
      const present = (r: (typeof incoming)[number]) =>
        presentRequest(
          r,
          userId,
          party(viewer.seq, {
            id: r.toUserId === userId ? r.fromUserId : r.toUserId,
            seq: Number(r.partySeq),
            name: r.partyName,
            avatarUrl: r.partyAvatarUrl,
          }),
        );
      return { incoming: incoming.map(present), outgoing: outgoing.map(present) };
    },

    async accept(userId: string, requestId: string): Promise<DecideRequestResult> {
      const recipient = await me(userId);
      const request = await accept(recipient, requestId);
      if (!request) throw new NotFoundError(networkMessages.requestNotFound);
      return { request, trustScore: graph.index.trust(recipient.seq) };
    },

    /** The sender withdraws a pending request; anyone else, or a decided one: not found. */
    async cancel(userId: string, requestId: string): Promise<Ok> {
      const sender = await me(userId);
      const toUserId = await requests.deleteOpenFrom(requestId, sender.id);
      if (!toUserId) throw new NotFoundError(networkMessages.requestNotFound);
      const recipient = await people.findUser(toUserId);
      if (recipient) {
        publish(recipient.id, 'request.cancelled', { requestId });
        await pushBadge(recipient);
      }
      return { ok: true };
    },

    async reject(userId: string, requestId: string): Promise<DecideRequestResult> {
      const recipient = await me(userId);
      const decided = await graph.write(async (trx) => {
        const row = await requests.lockOpenFor(trx, requestId, recipient.id);
        if (!row) return null;
        const decidedAt = await requests.decide(trx, row.id, 'rejected');
        const requester = await people.findUser(row.fromUserId, trx);
        return requester ? { row: { ...row, status: 'rejected', decidedAt }, requester } : null;
      });
      if (!decided) throw new NotFoundError(networkMessages.requestNotFound);
      publish(decided.requester.id, 'request.rejected', { requestId: decided.row.id });
      await pushBadge(recipient);
      return {
        request: presentRequest(decided.row, recipient.id, party(recipient.seq, decided.requester)),
        trustScore: graph.index.trust(recipient.seq),
      };
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
