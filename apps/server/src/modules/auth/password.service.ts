import { hash, verify } from '@node-rs/argon2';
import type { PasswordSignIn, PasswordSignUp } from '@heartline/domain';
import { authMessages, passwordTooCommon } from '@heartline/domain';
import { AuthFailedError, ValidationError } from '../../lib/errors.ts';
import type { IdentitiesRepository } from './identities.repository.ts';
import { isCommonPassword } from './common-passwords.ts';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const ARGON2 = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Compared against when the e-mail is unknown, so both answers take the same time. */
let decoyHash: Promise<string> | null = null;

export function createPasswordService(
  identities: IdentitiesRepository,
  /** Whether the address belongs to a banned person (ban evasion, DESIGN.md §6). */
  isBannedEmail: (email: string) => Promise<boolean>,
) {
  return {
    /**
     * Creates the account unless the address already has one; resolves alike either way (the
     * hash is computed first on both paths), so callers can answer without telling which.
     * An existing account is left untouched: its password and name stay as they were.
     * A common or breached password is refused first (a 400 naming the field), before the
     * address is looked at, so that answer is the same for a taken and a free address.
     * The address of a banned person is refused as a taken one is: with the same answer.
     */
    async signUp(input: PasswordSignUp): Promise<{ created: boolean }> {
      if (await isCommonPassword(input.password)) {
        throw new ValidationError(passwordTooCommon, { password: passwordTooCommon });
      }
      const passwordHash = await hash(input.password, ARGON2);
      if (await isBannedEmail(input.email)) return { created: false };
      const id = await identities.createWithPassword({
        email: input.email,
        name: input.name ?? null,
        passwordHash,
      });
      return { created: id !== null };
    },

    async signIn(input: PasswordSignIn): Promise<string> {
      const credential = await identities.findPasswordCredential(input.email);
      decoyHash ??= hash('decoy-password-never-used', ARGON2);
      const ok = await verify(credential?.passwordHash ?? (await decoyHash), input.password).catch(
        () => false,
      );
      if (!credential || !ok) throw new AuthFailedError(authMessages.signInFailed);
      return credential.userId;
    },
  };
}
