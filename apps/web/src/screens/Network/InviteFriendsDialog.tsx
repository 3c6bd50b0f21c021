import { inviteMessages } from '@heartline/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '../../components/Avatar.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { CheckIcon } from '../../components/Icons.tsx';
import { CopyIcon, WhatsAppIcon } from '../../components/NetworkIcons.tsx';
import { useMyInvitationQuery } from '../../state/queries/invitations.ts';
import { useMe } from '../../state/queries/session.ts';
import { countLabel } from '../Trust/trust-format.ts';
import {
  COPY_RESET_MS,
  copyButtonLabels,
  inviteShareText,
  whatsAppShareUrl,
  type CopyState,
} from './invite-share.ts';
import { RetryButton } from '../../components/RetryButton.tsx';
import { InvitationLinks } from './InvitationLinks.tsx';

/**
 * The Invite Friends dialog (spec/2 §2): a preview of the invite message with the user's real
 * friend count and trust, the link, WhatsApp share and copy (idle, copying, success, error).
 */
export function InviteFriendsDialog({ onClose }: { onClose: () => void }) {
  const invitation = useMyInvitationQuery();
  const me = useMe();
  const messageId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const [copy, setCopy] = useState<{ state: CopyState; note: string | null }>({
    state: 'idle',
    note: null,
  });

  useEffect(() => {
    if (copy.state !== 'success' && copy.state !== 'error') return;
    const timer = setTimeout(
      () => setCopy({ state: 'idle', note: null }),
      COPY_RESET_MS[copy.state],
    );
    return () => clearTimeout(timer);
  }, [copy]);

  const data = invitation.data;
  const text = data ? inviteShareText(data) : '';

  const selectText = () => {
    textRef.current?.focus();
    textRef.current?.select();
  };

  const copyText = async () => {
    setCopy({ state: 'copying', note: null });
    if (!navigator.clipboard?.writeText) {
      selectText();
      setCopy({ state: 'error', note: inviteMessages.copyFallback });
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      setCopy({ state: 'success', note: inviteMessages.copied });
    } catch {
      selectText();
      setCopy({ state: 'error', note: inviteMessages.copyManually });
    }
  };

  return (
    <Dialog title="Invite Friends" onClose={onClose}>
      {data ? (
        <div className="invite">
          <div className="invite__from">
            <Avatar
              user={me ? { name: me.name, photoUrl: me.avatarUrl ?? me.photoUrl } : null}
              size="lg"
            />
            <div>
              <p className="invite__name">{me?.name ?? 'You'}</p>
              <p className="invite__stats">
                {countLabel(data.friends, 'friend', 'friends')} · Trust score {data.trust}
              </p>
            </div>
          </div>
          <label htmlFor={messageId} className="invite__label">
            Invite message
          </label>
          <textarea
            id={messageId}
            ref={textRef}
            className="invite__message"
            readOnly
            rows={6}
            value={text}
          />
          <p className="invite__link">
            <span className="muted">Invitation link</span>
            <a href={data.url} className="text-link" target="_blank" rel="noreferrer">
              {data.url}
            </a>
          </p>
          <div className="invite__actions">
            <a
              className="btn btn--whatsapp"
              href={whatsAppShareUrl(text)}
              target="_blank"
              rel="noreferrer"
            >
              <WhatsAppIcon size={20} />
              Share on WhatsApp
            </a>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => void copyText()}
              disabled={copy.state === 'copying'}
              data-state={copy.state}
            >
              {copy.state === 'success' ? <CheckIcon size={20} /> : <CopyIcon size={20} />}
              {copyButtonLabels[copy.state]}
            </button>
          </div>
          <p className="invite__note" role="status" data-state={copy.state}>
            {copy.note}
          </p>
          <details className="invite__more" onToggle={(e) => setMoreOpen(e.currentTarget.open)}>
            <summary>More links (use limits, expiry)</summary>
            {moreOpen && <InvitationLinks />}
          </details>
        </div>
      ) : invitation.isError ? (
        <div className="invite invite--state" role="alert">
          <p>{invitation.error.message || 'Could not load your invitation link.'}</p>
          <RetryButton onRetry={() => invitation.refetch()} />
        </div>
      ) : (
        <div className="invite invite--state" role="status">
          <span className="spinner" aria-hidden="true" />
          <p>Preparing your invitation link...</p>
        </div>
      )}
    </Dialog>
  );
}
