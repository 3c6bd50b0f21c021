import { photoMessages } from '@heartline/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from '../../app/navigation.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { ArrowLeftIcon, PersonIcon } from '../../components/Icons.tsx';
import { CameraIcon, ImageIcon } from '../../components/ProfileIcons.tsx';
import { usePhotoUpload } from '../../state/queries/photos.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { useMe } from '../../state/queries/session.ts';
import { CameraCapture } from './CameraCapture.tsx';
import { UploadStatus } from './UploadStatus.tsx';
import { useFilePicker } from './use-file-picker.ts';

/** Long enough to read 'Upload successful!' before returning to the profile. */
const RETURN_DELAY_MS = 1200;

/** The photo upload screen, /profile/photo (spec/1 §2): choose a file or use the camera. */
export function PhotoUploadScreen() {
  const me = useMe();
  const profile = useOwnProfileQuery();
  const navigate = useNavigate();
  const { state, upload } = usePhotoUpload('main');
  const [camera, setCamera] = useState(false);
  // The spec's two success texts: a camera shot is "saved", a chosen file "uploaded".
  const [fromCamera, setFromCamera] = useState(false);
  const toast = useToast();
  const picker = useFilePicker((file) => {
    setFromCamera(false);
    void upload(file);
  });
  const busy = state.status === 'working';
  const currentPhoto = profile.data?.photo?.url ?? me?.photoUrl ?? null;
  const shownPhoto = state.status === 'done' ? state.url : currentPhoto;

  useEffect(() => {
    if (state.status !== 'done') return;
    toast.success(fromCamera ? photoMessages.savedToast : photoMessages.uploadedToast);
    const timer = setTimeout(() => void navigate('/profile'), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate, toast, fromCamera]);

  if (camera) {
    return (
      <CameraCapture
        currentPhotoUrl={currentPhoto}
        onCancel={() => setCamera(false)}
        onSave={(photo) => {
          setCamera(false);
          setFromCamera(true);
          void upload(photo);
        }}
      />
    );
  }

  return (
    <section className="screen photo-upload" aria-labelledby="photo-upload-title">
      <header className="screen__header screen__header--start">
        <button
          type="button"
          className="icon-btn"
          aria-label="Back to profile"
          onClick={() => void navigate('/profile')}
        >
          <ArrowLeftIcon size={22} />
        </button>
        <h1 id="photo-upload-title" className="screen__heading">
          Profile Photo
        </h1>
      </header>

      <div className="photo-frame" aria-busy={busy || undefined}>
        {shownPhoto ? (
          <img src={shownPhoto} alt="Your profile photo" className="photo-frame__img" />
        ) : (
          <span className="photo-frame__empty">
            <PersonIcon size={72} />
            <span>No photo yet</span>
          </span>
        )}
      </div>

      <UploadStatus state={state} />

      <div className="photo-upload__actions">
        <input {...picker.inputProps} />
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={busy}
          onClick={picker.open}
        >
          <ImageIcon size={20} />
          Choose Photo
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={busy}
          onClick={() => setCamera(true)}
        >
          <CameraIcon size={20} />
          Take a Photo
        </button>
        <button
          type="button"
          className="btn btn--text btn--block"
          disabled={busy}
          onClick={() => void navigate('/profile')}
        >
          Skip
        </button>
      </div>
      <p className="muted photo-upload__hint">
        JPEG, PNG, WebP or GIF up to 10 MB. Your new photo replaces the current one; location and
        camera details are removed.
      </p>
    </section>
  );
}
