import type { Invitation, MyInvitation } from '@heartline/domain';

/** The text that is shared: the server's message, with the link appended if it lacks it. */
export function inviteShareText(invitation: Pick<MyInvitation, 'message' | 'url'>): string {
  const message = invitation.message.trim();
  return message.includes(invitation.url) ? message : `${message} ${invitation.url}`.trim();
}

/** WhatsApp's universal share link (opens the app or WhatsApp Web with the text filled in). */
export function whatsAppShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

export type CopyState = 'idle' | 'copying' | 'success' | 'error';

/** spec/2 §2: success resets after 2 s, error after 3 s. */
export const COPY_RESET_MS: Record<'success' | 'error', number> = { success: 2000, error: 3000 };

export const copyButtonLabels: Record<CopyState, string> = {
  idle: 'Copy message',
  copying: 'Copying...',
  success: 'Copied!',
  error: 'Copy failed',
};

/** Use limits offered for a new link. */
export const USES_CHOICES = [
  { value: 'unlimited', label: 'Unlimited' },
  { value: '1', label: '1 person' },
  { value: '5', label: '5 people' },
  { value: '10', label: '10 people' },
  { value: '25', label: '25 people' },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Expiries offered for a new link. */
export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never' },
  { value: '1', label: 'In 1 day' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
] as const;

/** The ISO expiry of a choice, or null for "never". */
export function expiryFromChoice(choice: string, now = Date.now()): string | null {
  const days = Number(choice);
  return Number.isInteger(days) && days > 0 ? new Date(now + days * DAY_MS).toISOString() : null;
}

/** "Used 2 of 5 times · expires 3 Dec" and the like, or why a link no longer works. */
export function invitationUsage(
  link: Pick<Invitation, 'state' | 'currentUses' | 'maxUses' | 'expiresAt'>,
): string {
  const used =
    link.maxUses === null
      ? `Used ${link.currentUses} ${link.currentUses === 1 ? 'time' : 'times'}`
      : `Used ${link.currentUses} of ${link.maxUses}`;
  switch (link.state) {
    case 'deactivated':
      return `${used} · deactivated`;
    case 'expired':
      return `${used} · expired`;
    case 'used_up':
      return `${used} · used up`;
    case 'active':
      return link.expiresAt
        ? `${used} · expires ${new Date(link.expiresAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}`
        : used;
  }
}
