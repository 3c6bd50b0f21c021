import { describe, expect, it } from 'vitest';
import { requestMessages } from '@heartline/domain';
import { createAccessRepository } from '../access/access.repository.ts';
import { createAccess } from '../access/access.service.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { RateLimits } from '../../plugins/rate-limit.ts';
import { dbKind, useTestServer } from '../../../test/harness.ts';
import { createPeople } from '../../../test/network-fixtures.ts';
import { createRequestsRepository } from './requests.repository.ts';
import { ConflictError } from '../../lib/errors.ts';
import { createRequestsService } from './requests.service.ts';

const world = useTestServer();

describe(`connection request races (${dbKind})`, () => {
  it('never answers "sent" for a request that was not stored', async () => {
    // An insert that conflicts, and a re-read that finds no open request (it was decided or
    // withdrawn in between), every time: the service must not claim success.
    const real = createRequestsRepository(world.db);
    const requests = {
      ...real,
      insert: async () => false,
      findOpenBetween: async () => undefined,
    };
    const users = createUsersRepository(world.db);
    const service = createRequestsService({
      requests,
      findUser: (userId, trx) => users.findRef(userId, trx),
      graph: world.server.graph,
      access: createAccess(createAccessRepository(world.db)),
      transact: world.server.transact,
      limits: new RateLimits(undefined, 'hltest-race'),
      countsChanged: () => undefined,
    });
    const [kim, lev] = await createPeople(world.db, ['Kim Race', 'Lev Race']);
    await expect(service.create(kim!.id, lev!.id)).rejects.toThrow(ConflictError);
    await expect(service.create(kim!.id, lev!.id)).rejects.toThrow(
      requestMessages.requestChangedMeanwhile,
    );
    const events = await world.db
      .selectFrom('events')
      .select('type')
      .where('stream', '=', `user:${lev!.id}`)
      .execute();
    expect(events).toEqual([]);
  });
});
