import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { errorCodes } from '@heartline/domain';
import type { Trx } from '../../db/database.ts';
import { AppError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { SessionInfo } from '../auth/sessions.service.ts';
import type { StaffRepository, StaffRole } from './staff.repository.ts';

/** How long a passkey confirmation opens the staff routes (DESIGN.md §6). */
export const STAFF_FACTOR_MS = 12 * 60 * 60 * 1000;
/** How long a passkey ceremony may take. */
const CHALLENGE_MS = 5 * 60 * 1000;

export const staffMessages = {
  passkeyRequired: 'Confirm it is you with your passkey to open the staff console',
  passkeyFailed: 'The passkey could not be confirmed. Please try again.',
  adminsOnly: 'Only an admin can do this',
  notOwnRole: 'Another admin changes your own role',
} as const;

export type StaffStatus = {
  role: StaffRole;
  /** How many passkeys the person has enrolled (0: the first staff visit enrolls one). */
  passkeys: number;
  /** Until when this session's confirmation opens the staff routes (ISO), null: confirm. */
  verifiedUntil: string | null;
};

export type StaffDeps = {
  repo: StaffRepository;
  /** Where passkeys are bound: the site's origin and its host name. */
  rp: { name: string; origin: string; id: string };
  /** STAFF_ADMINS, lower case. */
  configuredAdmins: readonly string[];
  /** Appends to the audit log in the caller's transaction (moderation's). */
  audit: (
    trx: Trx,
    row: { staffId: string | null; action: string; subjectId: string; detail: object },
  ) => Promise<void>;
  transact: <T>(work: (trx: Trx) => Promise<T>) => Promise<T>;
  now?: () => number;
};

/**
 * Staff access (DESIGN.md §6): a member with a role, confirmed by a passkey (WebAuthn) at most
 * 12 hours ago on this session. Admins grant and revoke roles; the first come from STAFF_ADMINS.
 */
export function createStaffService(deps: StaffDeps) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;

  /** The person's role; a provider account named in STAFF_ADMINS is made an admin on first ask. */
  async function roleOf(userId: string): Promise<StaffRole | null> {
    const role = await repo.roleOf(userId);
    if (role || deps.configuredAdmins.length === 0) return role;
    const named = await repo.providerAccountsWithEmails(deps.configuredAdmins);
    if (!named.includes(userId)) return null;
    await deps.transact(async (trx) => {
      await repo.setRole(trx, userId, 'admin', null);
      await deps.audit(trx, {
        staffId: null,
        action: 'role_granted',
        subjectId: userId,
        detail: { role: 'admin', by: 'STAFF_ADMINS' },
      });
    });
    return 'admin';
  }

  async function verifiedUntil(session: SessionInfo): Promise<number | null> {
    const at = await repo.verifiedAt(session.tokenHash);
    const until = at ? at.getTime() + STAFF_FACTOR_MS : null;
    return until !== null && until > now() ? until : null;
  }

  /** Staff, or not found (a member cannot tell the staff routes exist). */
  async function staffRole(session: SessionInfo): Promise<StaffRole> {
    const role = await roleOf(session.userId);
    if (!role) throw new NotFoundError();
    return role;
  }

  const transportsOf = (stored: string[]) => stored as AuthenticatorTransportFuture[];

  async function status(session: SessionInfo): Promise<StaffStatus> {
    const role = await staffRole(session);
    const passkeys = await repo.passkeysOf(session.userId);
    const until = await verifiedUntil(session);
    return {
      role,
      passkeys: passkeys.length,
      verifiedUntil: until === null ? null : new Date(until).toISOString(),
    };
  }

  return {
    roleOf,

    listRoles: async () =>
      (await repo.listRoles()).map((r) => ({
        ...r,
        grantedAt: new Date(r.grantedAt).toISOString(),
      })),

    /** An admin grants a role (never to themselves: another admin does). */
    async grant(adminId: string, userId: string, role: StaffRole): Promise<void> {
      if (userId === adminId) throw new ForbiddenError(staffMessages.notOwnRole);
      const done = await deps.transact(async (trx) => {
        if (!(await repo.setRole(trx, userId, role, adminId))) return false;
        await deps.audit(trx, {
          staffId: adminId,
          action: 'role_granted',
          subjectId: userId,
          detail: { role },
        });
        return true;
      });
      if (!done) throw new NotFoundError();
    },

    async revoke(adminId: string, userId: string): Promise<void> {
      if (userId === adminId) throw new ForbiddenError(staffMessages.notOwnRole);
      const done = await deps.transact(async (trx) => {
        if (!(await repo.removeRole(trx, userId))) return false;
        await deps.audit(trx, {
          staffId: adminId,
          action: 'role_revoked',
          subjectId: userId,
          detail: {},
        });
        return true;
      });
      if (!done) throw new NotFoundError();
    },

    /**
     * The gate of every staff route but the passkey ceremonies: staff (else 404), confirmed by
     * a passkey within 12 hours (else 403 PASSKEY_REQUIRED), an admin where `admin` says so.
     */
    async require(session: SessionInfo, opts: { admin?: boolean } = {}): Promise<StaffRole> {
      const role = await staffRole(session);
      if ((await verifiedUntil(session)) === null) {
        throw new AppError(errorCodes.passkeyRequired, staffMessages.passkeyRequired, 403);
      }
      if (opts.admin && role !== 'admin') throw new ForbiddenError(staffMessages.adminsOnly);
      return role;
    },

    status,

    /** Enrolling: the first passkey on the first staff visit; another only once confirmed. */
    async registrationOptions(
      session: SessionInfo,
      user: { name: string },
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      await staffRole(session);
      const existing = await repo.passkeysOf(session.userId);
      if (existing.length > 0 && (await verifiedUntil(session)) === null) {
        throw new AppError(errorCodes.passkeyRequired, staffMessages.passkeyRequired, 403);
      }
      const options = await generateRegistrationOptions({
        rpName: deps.rp.name,
        rpID: deps.rp.id,
        userName: user.name,
        userID: new TextEncoder().encode(session.userId),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.credentialId,
          transports: transportsOf(p.transports),
        })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      });
      await repo.setChallenge(session.tokenHash, options.challenge, new Date(now() + CHALLENGE_MS));
      return options;
    },

    /** A verified enrollment also confirms this session. */
    async register(session: SessionInfo, response: RegistrationResponseJSON): Promise<StaffStatus> {
      await staffRole(session);
      const challenge = await repo.takeChallenge(session.tokenHash);
      if (!challenge) throw new ForbiddenError(staffMessages.passkeyFailed);
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: deps.rp.origin,
        expectedRPID: deps.rp.id,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) throw new ForbiddenError(staffMessages.passkeyFailed);
      const { credential } = verification.registrationInfo;
      await repo.insertPasskey({
        credentialId: credential.id,
        userId: session.userId,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
      });
      await repo.setVerified(session.tokenHash, new Date(now()));
      return status(session);
    },

    async authenticationOptions(
      session: SessionInfo,
    ): Promise<PublicKeyCredentialRequestOptionsJSON> {
      await staffRole(session);
      const passkeys = await repo.passkeysOf(session.userId);
      if (passkeys.length === 0) throw new NotFoundError(staffMessages.passkeyFailed);
      const options = await generateAuthenticationOptions({
        rpID: deps.rp.id,
        allowCredentials: passkeys.map((p) => ({
          id: p.credentialId,
          transports: transportsOf(p.transports),
        })),
        userVerification: 'required',
      });
      await repo.setChallenge(session.tokenHash, options.challenge, new Date(now() + CHALLENGE_MS));
      return options;
    },

    async authenticate(
      session: SessionInfo,
      response: AuthenticationResponseJSON,
    ): Promise<StaffStatus> {
      await staffRole(session);
      const challenge = await repo.takeChallenge(session.tokenHash);
      const passkey = (await repo.passkeysOf(session.userId)).find(
        (p) => p.credentialId === response.id,
      );
      if (!challenge || !passkey) throw new ForbiddenError(staffMessages.passkeyFailed);
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: deps.rp.origin,
        expectedRPID: deps.rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.counter,
          transports: transportsOf(passkey.transports),
        },
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) throw new ForbiddenError(staffMessages.passkeyFailed);
      await repo.usedPasskey(passkey.credentialId, verification.authenticationInfo.newCounter);
      await repo.setVerified(session.tokenHash, new Date(now()));
      return status(session);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
