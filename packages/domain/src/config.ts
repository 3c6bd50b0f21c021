import { z } from './zod.ts';
import type { LegalContacts } from './legal-contacts.ts';

/** Where people write to us; the legal texts show these (spec/3 §8). */
export const legalContactsSchema = z.lazy(
  () =>
    z.object({
      general: z.email(),
      legal: z.email(),
      privacy: z.email(),
      /** Privacy contacts per region, derived from `privacy` (privacy-uk@… and so on). */
      regional: z.object({ us: z.email(), uk: z.email(), in: z.email(), il: z.email() }),
    }) satisfies z.ZodMiniType<LegalContacts>,
);

/** What the server tells the web app about itself at start-up. */
export const publicConfigSchema = z.lazy(() =>
  z.object({
    productName: z.string(),
    passwordAuth: z.boolean(),
    devSignIn: z.boolean(),
    contacts: legalContactsSchema,
  }),
);
export type PublicConfig = z.infer<typeof publicConfigSchema>;
