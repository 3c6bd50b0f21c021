import { photoMessages } from '@heartline/domain';
import { useState } from 'react';
import { useToast } from '../app/ToastProvider.tsx';
import { Dialog } from './Dialog.tsx';
import { WarningIcon } from './Icons.tsx';
import { DownloadIcon, PencilIcon, ShareIcon } from './ProfileIcons.tsx';

type LoadState = 'loading' | 'loaded' | 'failed';

/**
 * The full-screen photo viewer (spec/1 §2): "{name}'s Photo" with Save, Share, Edit (own profile
 * only) and Close; 'Loading...' while the picture loads, 'Failed to load' with a retry.
 */
export function PhotoViewer({
  name,
  photoUrl,
  onClose,
  onEdit,
}: {
  name: string;
  photoUrl: string;
  onClose: () => void;
  /** Present only for the own profile. */
  onEdit?: () => void;
}) {
  const [load, setLoad] = useState<LoadState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const title = `${name}'s Photo`;
  const absoluteUrl = new URL(photoUrl, window.location.href).href;

  const save = async () => {
    setSaving(true);
    try {
      const response = await fetch(photoUrl, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const blob = await response.blob();
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = `${name.trim().replace(/\s+/g, '-').toLowerCase() || 'photo'}-photo.${extension(blob.type)}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch {
      toast.error(photoMessages.savePhotoFailed);
    } finally {
      setSaving(false);
    }
  };

  const share = async () => {
    const data = { title, url: absoluteUrl };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // The person closed the share sheet: nothing to report.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(absoluteUrl);
      toast.success(photoMessages.linkCopied);
    } catch {
      toast.error('Could not copy the link.');
    }
  };

  return (
    <Dialog
      title={title}
      variant="fullscreen"
      onClose={onClose}
      footer={
        <div className="viewer__toolbar">
          <button
            type="button"
            className="viewer__action"
            disabled={load !== 'loaded' || saving}
            onClick={() => void save()}
          >
            <DownloadIcon size={22} />
            Save
          </button>
          <button type="button" className="viewer__action" onClick={() => void share()}>
            <ShareIcon size={22} />
            Share
          </button>
          <button
            type="button"
            className="viewer__action"
            disabled={!onEdit}
            onClick={onEdit}
            title={onEdit ? undefined : 'Only your own photo can be edited'}
          >
            <PencilIcon size={22} />
            Edit
          </button>
        </div>
      }
    >
      <div className="viewer__stage">
        {load !== 'failed' && (
          <img
            key={attempt}
            src={photoUrl}
            alt={title}
            className="viewer__img"
            hidden={load !== 'loaded'}
            onLoad={() => setLoad('loaded')}
            onError={() => setLoad('failed')}
          />
        )}
        {load === 'loading' && (
          <p className="viewer__state" role="status">
            <span className="spinner" aria-hidden="true" />
            Loading...
          </p>
        )}
        {load === 'failed' && (
          <div className="viewer__state" role="alert">
            <WarningIcon size={32} />
            <p>{photoMessages.viewerFailed}</p>
            <button
              type="button"
              className="btn btn--sm btn--light"
              onClick={() => {
                setLoad('loading');
                setAttempt((n) => n + 1);
              }}
            >
              {photoMessages.viewerRetry}
            </button>
          </div>
        )}
      </div>
    </Dialog>
  );
}

function extension(type: string): string {
  if (type === 'image/jpeg') return 'jpg';
  return type.startsWith('image/') ? type.slice('image/'.length) : 'webp';
}
