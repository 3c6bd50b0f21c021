import { MODERATION_REASONS } from './standing.ts';
import { z } from './zod.ts';

// The staff API's answers as the console reads them (docs/API-moderation.md, "Staff"). The
// inputs' schemas are the server's, in moderation.ts.

export const STAFF_ROLES = ['moderator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** `GET /api/staff/me`, and the answer of a passkey ceremony. */
export const staffStatusSchema = z.lazy(() =>
  z.object({
    role: z.enum(STAFF_ROLES),
    /** How many passkeys the person has enrolled: 0 on the first staff visit. */
    passkeys: z.number(),
    /** Until when this session's passkey confirmation opens the staff routes (ISO); null: confirm. */
    verifiedUntil: z.nullable(z.string()),
  }),
);
export type StaffStatus = z.infer<typeof staffStatusSchema>;

/**
 * WebAuthn options for the browser's ceremony: only what the console reads is named here; the
 * browser's WebAuthn library reads the rest, and the server checks the answer.
 */
export const passkeyOptionsSchema = z.lazy(() => z.looseObject({ challenge: z.string() }));

/** One open appeal with the decision it appeals. */
export const openAppealSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    /** Null once the person's account is gone. */
    userId: z.nullable(z.string()),
    name: z.nullable(z.string()),
    text: z.string(),
    createdAt: z.string(),
    actionId: z.string(),
    kind: z.enum(['suspend', 'ban']),
    reason: z.enum(MODERATION_REASONS),
    message: z.string(),
    actedAt: z.string(),
  }),
);
export type OpenAppeal = z.infer<typeof openAppealSchema>;

export const openAppealListSchema = z.lazy(() => z.object({ items: z.array(openAppealSchema) }));

/** A row of the append-only audit log; `staffId` null: the system (STAFF_ADMINS, a timer). */
export const auditEntrySchema = z.lazy(() =>
  z.object({
    id: z.number(),
    at: z.string(),
    staffId: z.nullable(z.string()),
    action: z.string(),
    subjectId: z.nullable(z.string()),
    detail: z.record(z.string(), z.unknown()),
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of the audit log, newest first (100 a page: the next starts `before` the last id). */
export const auditPageSchema = z.lazy(() => z.object({ items: z.array(auditEntrySchema) }));

export const AUDIT_PAGE_SIZE = 100;

export const staffMemberSchema = z.lazy(() =>
  z.object({
    userId: z.string(),
    name: z.nullable(z.string()),
    email: z.nullable(z.string()),
    role: z.enum(STAFF_ROLES),
    grantedAt: z.string(),
  }),
);
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffMemberListSchema = z.lazy(() => z.object({ items: z.array(staffMemberSchema) }));
