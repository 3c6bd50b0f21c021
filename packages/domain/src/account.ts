import { z } from './zod.ts';

/**
 * Account rights (issue 15; DESIGN.md §3.10–11; spec/3 §9 "account deletion is possible at any
 * time with instant effect"): export my data, delete my account. docs/API-account.md.
 */

/** What the person types (or the confirm button sends) to delete their account. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

/** spec/3 §9: accounts never verified and inactive this many days are deleted. */
export const INACTIVE_UNVERIFIED_DAYS = 90;

/** Data exports per user (issue 18): each one reads everything the person has. */
export const EXPORT_LIMIT = { points: 5, windowMs: 60 * 60 * 1000 } as const;

export const accountMessages = {
  card: 'Account',
  exportData: 'Export my data',
  exportHint: 'A JSON file of everything we store about you.',
  exportFailed: 'Could not export your data. Please try again.',
  tooManyExports: (minutes: number) =>
    `You can export your data ${EXPORT_LIMIT.points} times an hour. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  deleteAccount: 'Delete account',
  deleteTitle: 'Delete your account?',
  deleteText:
    'This is immediate and permanent. Your profile, photos, friends, matches, requests, invitations and settings are erased at once, and you are signed out everywhere. People you chatted with keep the conversation, with your messages shown from "Unknown User".',
  deleteTypeLabel: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`,
  deleteConfirm: 'Delete my account',
  deleteFailed: 'Could not delete your account. Please try again.',
  confirmRequired: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`,
  signOut: 'Sign Out',
  signOutFailed: 'Could not sign out. Please check your connection and try again.',
  cancel: 'Cancel',
} as const;

/** DELETE /api/me: the body must carry the confirmation, so no stray request deletes anyone. */
export const deleteAccountSchema = z.lazy(() =>
  z.strictObject({
    confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION, {
      error: accountMessages.confirmRequired,
    }),
  }),
);
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/**
 * Who a deleted person becomes where their traces are kept (their messages in the other
 * person's chat): the nil UUID, shown as 'Unknown User'. Never a real account's id.
 */
export const DELETED_USER_ID = '00000000-0000-0000-0000-000000000000';

/** The export file's name for a day: heartline-export-YYYY-MM-DD.json. */
export function exportFileName(at: Date): string {
  return `heartline-export-${at.toISOString().slice(0, 10)}.json`;
}
