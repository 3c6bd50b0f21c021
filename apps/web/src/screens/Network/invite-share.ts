import type { MyInvitation } from '@heartline/domain';

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
