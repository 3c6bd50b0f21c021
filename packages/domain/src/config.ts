import { z } from './zod.ts';

/** The regions whose law the legal texts name, each with its own privacy contact. */
export const LEGAL_REGIONS = ['us', 'uk', 'in', 'il'] as const;
export type LegalRegion = (typeof LEGAL_REGIONS)[number];

/** Where people write to us; the legal texts show these (spec/3 §8). */
export const legalContactsSchema = z.object({
  general: z.email(),
  legal: z.email(),
  privacy: z.email(),
  /** Privacy contacts per region, derived from `privacy` (privacy-uk@… and so on). */
  regional: z.object({ us: z.email(), uk: z.email(), in: z.email(), il: z.email() }),
});
export type LegalContacts = z.infer<typeof legalContactsSchema>;

/** The addresses with their regional privacy contacts: privacy@x gives privacy-uk@x etc. */
export function legalContacts(emails: {
  general: string;
  legal: string;
  privacy: string;
}): LegalContacts {
  const at = emails.privacy.lastIndexOf('@');
  const local = emails.privacy.slice(0, at);
  const domain = emails.privacy.slice(at + 1);
  const regional = Object.fromEntries(
    LEGAL_REGIONS.map((region) => [region, `${local}-${region}@${domain}`]),
  ) as Record<LegalRegion, string>;
  return { ...emails, regional };
}

/** The embedded defaults (server settings CONTACT_EMAIL, LEGAL_EMAIL, PRIVACY_EMAIL). */
export const DEFAULT_LEGAL_CONTACTS: LegalContacts = legalContacts({
  general: 'hello@heartline.app',
  legal: 'legal@heartline.app',
  privacy: 'privacy@heartline.app',
});

/** What the server tells the web app about itself at start-up. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  passwordAuth: z.boolean(),
  devSignIn: z.boolean(),
  contacts: legalContactsSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
