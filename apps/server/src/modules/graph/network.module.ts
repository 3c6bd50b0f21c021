import type { FastifyInstance } from 'fastify';
import type { RedisClientType } from 'redis';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import { publishToUser, type RealtimeServer } from '../../realtime/realtime.ts';
import { createInvitationsRepository } from '../invites/invitations.repository.ts';
import { registerInvitationsRoutes } from '../invites/invitations.routes.ts';
import { createRequestsRepository } from '../requests/requests.repository.ts';
import { registerRequestsRoutes } from '../requests/requests.routes.ts';
import { createRequestsService } from '../requests/requests.service.ts';
import { createGraph, type Graph, type Publish } from './graph.service.ts';
import { createNetworkRepository } from './network.repository.ts';
import { createPrepared } from './graph.prepared.ts';
import { registerNetworkRoutes } from './network.routes.ts';
import { createNetworkService } from './network.service.ts';
import { createRelationsService } from './relations.service.ts';

export type NetworkModule = {
  graph: Graph;
  /** A user's name or path visibility changed elsewhere (profile edit): re-read it everywhere. */
  userChanged: (userId: string) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Wires the graph index, trust, network screen, requests and invitations into the app, and
 * loads the index before the server starts listening.
 */
export async function registerNetworkModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    io: () => RealtimeServer;
    limits: RateLimits;
    redis?: { pub: RedisClientType; sub: RedisClientType; prefix: string } | undefined;
    /** Tests shorten the outbox poll. */
    pollMs?: number;
  },
): Promise<NetworkModule> {
  const publish: Publish = (userId, event, payload) =>
    publishToUser(deps.io(), userId, event, payload);
  const onError = (err: unknown) => app.log.error({ err }, 'graph');
  const graph = createGraph({
    db: deps.db,
    databaseUrl: deps.config.databaseUrl,
    redis: deps.redis,
    publish,
    onError,
    pollMs: deps.pollMs,
  });
  await graph.start();

  const prepared = createPrepared(deps.db, deps.config.databaseUrl);
  const people = createNetworkRepository(deps.db, prepared.run);
  graph.onUserChanged((seq) => people.forget(seq));
  // A friendship change moves favorites (they end with it) and pending requests (an accepted or
  // blocked one): both ends' cached counts go, on every instance.
  graph.onChange((change) => {
    people.forgetCounts(change.a);
    if (change.kind !== 'delete' && change.kind !== 'user') people.forgetCounts(change.b);
  });
  // Requests and favorites are not graph changes: they announce count changes themselves.
  const countsChannel = `${deps.redis?.prefix ?? 'heartline'}:counts`;
  const countsChanged = (seqs: number[]) => {
    for (const seq of seqs) people.forgetCounts(seq);
    void deps.redis?.pub.publish(countsChannel, seqs.join(',')).catch(onError);
  };
  await deps.redis?.sub.subscribe(countsChannel, (message) => {
    for (const seq of message.split(',')) people.forgetCounts(Number(seq));
  });
  const network = createNetworkService({ graph, people });
  const relations = createRelationsService({ graph, people, publish, countsChanged });
  registerNetworkRoutes(app, {
    network,
    relations,
    graph,
    people,
    limits: deps.limits,
    devTools: deps.config.env !== 'production',
  });
  registerRequestsRoutes(
    app,
    createRequestsService({
      requests: createRequestsRepository(deps.db),
      people,
      graph,
      limits: deps.limits,
      publish,
      countsChanged,
    }),
  );
  registerInvitationsRoutes(app, {
    invitations: createInvitationsRepository(deps.db),
    publicUrl: deps.config.publicUrl,
    productName: deps.config.productName,
    standing: async (userId) => {
      const seq = await people.seqOf(userId);
      if (seq === undefined) return { friends: 0, trust: 0 };
      return { friends: graph.index.degree(seq), trust: graph.index.trust(seq) };
    },
  });

  return {
    graph,
    async userChanged(userId) {
      const seq = await people.seqOf(userId);
      if (seq === undefined) return;
      await graph.write(async (_trx, record) => record('user', seq));
    },
    async close() {
      await graph.stop();
      await prepared.close();
    },
  };
}
