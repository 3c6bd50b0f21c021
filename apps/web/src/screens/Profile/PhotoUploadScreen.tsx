import { PHOTO_MAX_COUNT, photoMessages, type Photo } from '@heartline/domain';
import { useRef, useState } from 'react';
import { useNavigate } from '../../app/navigation.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ArrowLeftIcon } from '../../components/Icons.tsx';
import { CameraIcon, ImageIcon } from '../../components/ProfileIcons.tsx';
import { movePhoto } from '../../lib/photo-order.ts';
import {
  useDeletePhotoMutation,
  usePhotoUpload,
  useReorderPhotosMutation,
} from '../../state/queries/photos.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { CameraCapture } from './CameraCapture.tsx';
import { PhotoGrid } from './PhotoGrid.tsx';
import { UploadStatus } from './UploadStatus.tsx';
import { useFilePicker } from './use-file-picker.ts';

/**
 * The Photos screen, /profile/photo (spec/1 §2, issue 48): up to PHOTO_MAX_COUNT photos, main
 * first; add one (a file or the camera, through the one upload pipeline), reorder, make one
 * main, delete. Each change shows at once and goes back, with a toast, if the server refuses.
 */
export function PhotoUploadScreen() {
  const profile = useOwnProfileQuery();
  const navigate = useNavigate();
  const toast = useToast();
  const { state, upload } = usePhotoUpload('add');
  const reorder = useReorderPhotosMutation();
  const remove = useDeletePhotoMutation();
  const [camera, setCamera] = useState(false);
  const [deleting, setDeleting] = useState<{ photo: Photo; index: number } | null>(null);
  const screen = useRef<HTMLElement>(null);

  const photos = profile.data?.photos ?? [];
  const busy = state.status === 'working';
  const full = photos.length >= PHOTO_MAX_COUNT;
  const canAdd = profile.data !== undefined && !full && !busy;
  const back = () => void navigate('/profile');

  const add = async (file: Blob) => {
    const result = await upload(file);
    if (result.status === 'done') toast.success(photoMessages.addedToast);
  };
  const picker = useFilePicker((file) => void add(file));

  const move = (from: number, to: number) => {
    const ids = movePhoto(
      photos.map((photo) => photo.id),
      from,
      to,
    );
    if (ids.every((id, i) => id === photos[i]?.id)) return;
    reorder.mutate(ids);
  };

  const confirmDelete = async ({ photo, index }: { photo: Photo; index: number }) => {
    await remove.mutateAsync(photo.id);
    // The deleted photo's buttons are gone: focus the photo now in its place, or Add photo.
    requestAnimationFrame(() => {
      const tiles = screen.current?.querySelectorAll<HTMLElement>('[data-handle]');
      const next = tiles?.[Math.min(index, tiles.length - 1)];
      (next ?? screen.current?.querySelector<HTMLElement>('[data-add-photo]'))?.focus();
    });
  };

  if (camera) {
    return (
      <CameraCapture
        currentPhotoUrl={photos[0]?.url ?? null}
        onCancel={() => setCamera(false)}
        onSave={(photo) => {
          setCamera(false);
          void add(photo);
        }}
      />
    );
  }

  return (
    <section ref={screen} className="screen photos" aria-labelledby="photos-title">
      <header className="screen__header screen__header--start">
        <button type="button" className="icon-btn" aria-label="Back to profile" onClick={back}>
          <ArrowLeftIcon size={22} />
        </button>
        <div className="photos__heading">
          <h1 id="photos-title" className="screen__heading">
            {photoMessages.screenTitle}
          </h1>
          {profile.data && (
            <p className="photos__count muted">{photoMessages.count(photos.length)}</p>
          )}
        </div>
      </header>

      {profile.isError && !profile.data ? (
        <div className="banner banner--error" role="alert">
          <p>{photoMessages.loadFailed}</p>
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            onClick={() => void profile.refetch()}
          >
            Try Again
          </button>
        </div>
      ) : (
        <div aria-busy={profile.isPending || undefined}>
          <PhotoGrid
            photos={photos}
            onMove={move}
            onDelete={(photo, index) => setDeleting({ photo, index })}
            onAdd={picker.open}
            canAdd={canAdd}
          />
        </div>
      )}

      <UploadStatus state={state} />

      <div className="photos__actions">
        <input {...picker.inputProps} />
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={!canAdd}
          onClick={picker.open}
        >
          <ImageIcon size={20} />
          {photoMessages.choosePhoto}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={!canAdd}
          onClick={() => setCamera(true)}
        >
          <CameraIcon size={20} />
          {photoMessages.takePhoto}
        </button>
        <button type="button" className="btn btn--text btn--block" disabled={busy} onClick={back}>
          {photoMessages.done}
        </button>
      </div>
      <p className="muted photos__hint">{full ? photoMessages.full : photoMessages.hint}</p>

      {deleting && (
        <ConfirmDialog
          title={photoMessages.deleteTitle}
          confirmLabel={photoMessages.deleteConfirm}
          tone="danger"
          onConfirm={() => confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        >
          <img className="photos__confirm-img" src={deleting.photo.url} alt="" />
          <p>
            {photoMessages.deleteBody}
            {deleting.index === 0 && photos.length > 1 && ` ${photoMessages.deleteMainBody}`}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
