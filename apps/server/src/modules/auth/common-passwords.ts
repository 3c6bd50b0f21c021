import { PASSWORD_MIN } from '@heartline/domain';

/**
 * Common and breached passwords, refused at sign-up (issue 18). The list is the one zxcvbn-ts
 * ships (@zxcvbn-ts/language-common, MIT: about 49,000 passwords ranked by how often they
 * appear in leaked password sets), bundled with the server: no network at run time. Only the
 * entries long enough to pass the length rule matter; they are compared without case, so
 * 'Password123' is as common as 'password123'. Loaded on the first sign-up, then kept.
 */
let common: Promise<ReadonlySet<string>> | undefined;

function load(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        dictionary['passwords-common']
          .filter((p) => p.length >= PASSWORD_MIN)
          .map((p) => p.toLowerCase()),
      ),
  );
  return common;
}

/** Whether `password` is on the list of common and breached passwords. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await load()).has(password.toLowerCase());
}
