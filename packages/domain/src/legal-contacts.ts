// Zod-free, so the first load of the sign-in page can use the defaults without the schema
// library (issue 17); `legalContactsSchema` in config.ts checks the same shape on the wire.

/** The regions whose law the legal texts name, each with its own privacy contact. */
export const LEGAL_REGIONS = ['us', 'uk', 'in', 'il'] as const;
export type LegalRegion = (typeof LEGAL_REGIONS)[number];

/** Where people write to us; the legal texts show these (spec/3 §8). */
export type LegalContacts = {
  general: string;
  legal: string;
  privacy: string;
  /** Privacy contacts per region, derived from `privacy` (privacy-uk@… and so on). */
  regional: Record<LegalRegion, string>;
};

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
