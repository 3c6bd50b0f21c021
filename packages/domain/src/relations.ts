import { z } from './zod.ts';
import { REPORT_EVIDENCE_MAX } from './chat.ts';
import { safeText } from './text.ts';

/**
 * Favorites, disconnect, blocks, reports and path privacy (the server's modules/relations).
 */

/** Reports, blocks and unblocks together, per user (a block files a report). */
export const REPORT_LIMIT = { points: 20, windowMs: 60 * 60 * 1000 } as const;

/** Texts of the row actions, blocks, reports and privacy (spec/2 §2, §8), defined once. */
export const relationMessages = {
  favoriteOnlyFriends: 'Only your 1st-degree connections can be favorites.',
  disconnectTitle: (name: string) => `Disconnect from ${name}?`,
  disconnectText:
    'They will not be notified. You can send a new connection request later if you change your mind.',
  blockTitle: (name: string) => `Block ${name}?`,
  blockText:
    'Blocking removes them from your network, hides you from each other everywhere and lets our moderators know. It lasts until you unblock them.',
  reportTitle: (name: string) => `Report ${name}?`,
  reportText: 'Reports are handled confidentially by our moderators.',
  reported: 'Thank you. Our moderators will review your report.',
  cannotBlockSelf: 'You cannot block yourself',
  cannotReportSelf: 'You cannot report yourself',
  tooManySafetyActions: 'Too many reports and blocks. Please wait before trying again.',
  privacyUpdated: 'Privacy settings updated',
  privacySaveFailed: 'Failed to save privacy settings',
} as const;

const uuid = z.lazy(() => z.uuid({ message: 'Invalid user ID provided' }));

export const favoriteStateSchema = z.lazy(() =>
  z.object({ userId: z.uuid(), isFavorited: z.boolean() }),
);
export type FavoriteState = z.infer<typeof favoriteStateSchema>;

export const blockedUserSchema = z.lazy(() =>
  z.object({
    userId: z.uuid(),
    name: z.string(),
    avatar: z.nullable(z.string()),
    blockedAt: z.string(),
  }),
);
export const blockListSchema = z.lazy(() => z.object({ items: z.array(blockedUserSchema) }));
export type BlockList = z.infer<typeof blockListSchema>;

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'fake_profile',
  'inappropriate_content',
  'underage',
  'other',
] as const;
export const REPORT_CONTEXTS = ['network', 'discover', 'chat', 'profile', 'matches'] as const;

/** What each report reason reads as; 'blocked' is the report a block files by itself. */
export const reportReasonLabels: Record<(typeof REPORT_REASONS)[number] | 'blocked', string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  fake_profile: 'Fake profile',
  inappropriate_content: 'Inappropriate content',
  underage: 'Under 18',
  other: 'Something else',
  blocked: 'Blocked',
};

export const createReportSchema = z.lazy(() =>
  z.strictObject({
    userId: uuid,
    reason: z.enum(REPORT_REASONS, { message: 'Choose a reason for the report' }),
    context: z.enum(REPORT_CONTEXTS, { message: 'Unknown report context' }),
    details: z.optional(
      z
        .string()
        .check(
          z.maxLength(1000, 'Details must be at most 1000 characters'),
          z.trim(),
          z.superRefine(safeText('Details', 'multiline')),
        ),
    ),
    /** Messages of the chat with the reported person, kept as evidence for the moderators. */
    messageIds: z.optional(
      z
        .array(uuid)
        .check(
          z.maxLength(
            REPORT_EVIDENCE_MAX,
            `At most ${REPORT_EVIDENCE_MAX} messages can be attached`,
          ),
        ),
    ),
  }),
);
export type CreateReportInput = z.input<typeof createReportSchema>;
export const reportCreatedSchema = z.lazy(() => z.object({ id: z.uuid(), message: z.string() }));

export const privacySettingsSchema = z.lazy(() => z.object({ showInPaths: z.boolean() }));
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const updatePrivacySchema = z.lazy(() =>
  z.strictObject({
    showInPaths: z.boolean({ message: 'showInPaths must be true or false' }),
  }),
);
