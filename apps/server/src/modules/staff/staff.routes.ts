import type { FastifyInstance } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  appealDecisionSchema,
  appealParamsSchema,
  caseDecisionSchema,
  caseNoteInputSchema,
  caseParamsSchema,
  caseQueueQuerySchema,
  moderationMessages,
  liftInputSchema,
  passkeyResponseSchema,
  staffActionSchema,
  staffPersonParamsSchema,
  staffRoleInputSchema,
} from '@heartline/domain';
import * as z from 'zod/mini';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireSession } from '../../plugins/session.ts';
import type { CasesService } from '../moderation/cases.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { StaffService } from './staff.service.ts';

const auditQuerySchema = z.object({
  subjectId: z.optional(z.uuid({ message: 'Invalid user ID provided' })),
  staffId: z.optional(z.uuid({ message: 'Invalid user ID provided' })),
  before: z.optional(z.coerce.number().check(z.int(), z.positive())),
});

export const staffRouteMessages = {
  liftBan: 'Only an admin can lift a ban',
} as const;

/**
 * The staff API (issue 47, DESIGN.md §6). Every route asks `staff.require` first: not staff is
 * 404 (a member cannot tell these exist), staff without a passkey confirmation in the last 12
 * hours 403 PASSKEY_REQUIRED; the passkey ceremonies themselves need only the role.
 */
export function registerStaffRoutes(
  app: FastifyInstance,
  deps: {
    staff: StaffService;
    moderation: ModerationService;
    cases: CasesService;
    nameOf: (userId: string) => Promise<string | null>;
  },
) {
  const { staff, moderation, cases } = deps;

  app.get('/api/staff/me', async (request) => staff.status(requireSession(request)));

  app.post('/api/staff/passkeys/registration/options', async (request) => {
    const session = requireSession(request);
    const name = (await deps.nameOf(session.userId)) ?? 'Staff member';
    return staff.registrationOptions(session, { name });
  });
  app.post('/api/staff/passkeys/registration', async (request) => {
    const session = requireSession(request);
    // Staff first: a member's malformed body reads as a missing route too.
    await staff.status(session);
    const body = parseInput(passkeyResponseSchema, request.body);
    return staff.register(session, body as unknown as RegistrationResponseJSON);
  });
  app.post('/api/staff/passkeys/authentication/options', async (request) =>
    staff.authenticationOptions(requireSession(request)),
  );
  app.post('/api/staff/passkeys/authentication', async (request) => {
    const body = parseInput(passkeyResponseSchema, request.body);
    return staff.authenticate(
      requireSession(request),
      body as unknown as AuthenticationResponseJSON,
    );
  });

  // The report queue: one case per reported person (DESIGN.md §6).
  app.get('/api/staff/cases', async (request) => {
    await staff.require(requireSession(request));
    return cases.queue(parseInput(caseQueueQuerySchema, request.query));
  });

  app.get('/api/staff/cases/:caseId', async (request) => {
    await staff.require(requireSession(request));
    const { caseId } = parseInput(caseParamsSchema, request.params);
    return cases.caseById(caseId);
  });

  app.post('/api/staff/cases/:caseId/notes', async (request, reply) => {
    const session = requireSession(request);
    await staff.require(session);
    const { caseId } = parseInput(caseParamsSchema, request.params);
    const { text } = parseInput(caseNoteInputSchema, request.body);
    await cases.addNote(session.userId, caseId, text);
    return reply.status(201).send({ ok: true as const });
  });

  app.post('/api/staff/cases/:caseId/decision', async (request) => {
    const session = requireSession(request);
    await staff.require(session);
    const { caseId } = parseInput(caseParamsSchema, request.params);
    const input = parseInput(caseDecisionSchema, request.body);
    await cases.decide(session.userId, caseId, input);
    return { ok: true as const };
  });

  app.post('/api/staff/people/:userId/actions', async (request) => {
    const session = requireSession(request);
    await staff.require(session);
    const { userId } = parseInput(staffPersonParamsSchema, request.params);
    const input = parseInput(staffActionSchema, request.body);
    if (await moderation.hasReported(session.userId, userId)) {
      throw new ForbiddenError(moderationMessages.ownReport);
    }
    const action =
      input.kind === 'suspend' ? { kind: input.kind, days: input.days } : { kind: input.kind };
    return moderation.act({
      staffId: session.userId,
      userId,
      action,
      reason: input.reason,
      message: input.message,
    });
  });

  app.post('/api/staff/people/:userId/lift', async (request) => {
    const session = requireSession(request);
    const role = await staff.require(session);
    const { userId } = parseInput(staffPersonParamsSchema, request.params);
    const input = parseInput(liftInputSchema, request.body);
    const restriction = await moderation.restrictionOf(userId);
    if (!restriction) throw new NotFoundError();
    if (restriction.kind === 'ban' && role !== 'admin')
      throw new ForbiddenError(staffRouteMessages.liftBan);
    await moderation.liftRestriction({ staffId: session.userId, userId, ...input });
    return { ok: true as const };
  });

  app.get('/api/staff/appeals', async (request) => {
    await staff.require(requireSession(request));
    return { items: await moderation.openAppeals() };
  });

  app.post('/api/staff/appeals/:appealId/decision', async (request) => {
    const session = requireSession(request);
    const role = await staff.require(session);
    const { appealId } = parseInput(appealParamsSchema, request.params);
    const input = parseInput(appealDecisionSchema, request.body);
    const open = await moderation.appealWithAction(appealId);
    if (open?.status !== 'open') throw new NotFoundError();
    if (open.userId === session.userId) throw new NotFoundError();
    if (input.decision === 'overturned' && open.kind === 'ban' && role !== 'admin') {
      throw new ForbiddenError(staffRouteMessages.liftBan);
    }
    await moderation.decideAppeal({ staffId: session.userId, appealId, ...input });
    return { ok: true as const };
  });

  app.get('/api/staff/audit', async (request) => {
    await staff.require(requireSession(request), { admin: true });
    const query = parseInput(auditQuerySchema, request.query);
    return { items: await moderation.auditLog({ ...query, limit: 100 }) };
  });

  app.get('/api/staff/roles', async (request) => {
    await staff.require(requireSession(request), { admin: true });
    return { items: await staff.listRoles() };
  });

  app.put('/api/staff/roles/:userId', async (request) => {
    const session = requireSession(request);
    await staff.require(session, { admin: true });
    const { userId } = parseInput(staffPersonParamsSchema, request.params);
    const { role } = parseInput(staffRoleInputSchema, request.body);
    await staff.grant(session.userId, userId, role);
    return { ok: true as const };
  });

  app.delete('/api/staff/roles/:userId', async (request) => {
    const session = requireSession(request);
    await staff.require(session, { admin: true });
    const { userId } = parseInput(staffPersonParamsSchema, request.params);
    await staff.revoke(session.userId, userId);
    return { ok: true as const };
  });
}
