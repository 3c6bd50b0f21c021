import { photoMessages, timing } from '@heartline/domain';
import { useEffect, useEffectEvent, useState } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { ArrowLeftIcon, PersonIcon } from '../../components/Icons.tsx';
import { CameraIcon, ImageIcon } from '../../components/ProfileIcons.tsx';
import { usePhotoUpload } from '../../state/queries/photos.ts';
import { CameraCapture } from '../Profile/CameraCapture.tsx';
import { UploadStatus } from '../Profile/UploadStatus.tsx';
import { useFilePicker } from '../Profile/use-file-picker.ts';
import { useToastClearance } from '../../lib/toast-clearance.ts';

/**
 * Onboarding step 3 (spec/1 §2, §4): upload a photo (file or camera); after a successful upload
 * the photo shows and the flow moves on 1.5 s later. Skip moves on without one. The screen
 * holds whether the camera is open: it then gives the camera the whole viewport.
 */
export function PhotoStep({
  currentPhoto,
  finishing,
  onFinish,
  camera,
  onCamera,
  onBack,
}: {
  currentPhoto: string | null;
  finishing: boolean;
  onFinish: () => void;
  camera: boolean;
  onCamera: (open: boolean) => void;
  onBack: () => void;
}) {
  const actions = useToastClearance<HTMLDivElement>();
  const { state, upload } = usePhotoUpload('main');
  // The spec's two success toasts, as on the photo screen: a camera shot is "saved", a chosen
  // file "uploaded".
  const [fromCamera, setFromCamera] = useState(false);
  const toast = useToast();
  const picker = useFilePicker((file) => {
    setFromCamera(false);
    void upload(file);
  });
  const busy = state.status === 'working' || finishing;
  const photo = state.status === 'done' ? state.url : currentPhoto;
  const hasPhoto = photo !== null || state.status === 'queued';

  const advance = useEffectEvent(onFinish);
  useEffect(() => {
    if (state.status !== 'done') return;
    toast.success(fromCamera ? photoMessages.savedToast : photoMessages.uploadedToast);
  }, [state.status, fromCamera, toast]);

  useEffect(() => {
    if (state.status !== 'done') return;
    const timer = setTimeout(() => advance(), timing.photoStepAdvanceMs);
    return () => clearTimeout(timer);
  }, [state.status]);

  if (camera) {
    return (
      <CameraCapture
        currentPhotoUrl={photo}
        onCancel={() => onCamera(false)}
        onSave={(captured) => {
          onCamera(false);
          setFromCamera(true);
          void upload(captured);
        }}
      />
    );
  }

  return (
    <div className="onboarding__photo">
      <div className="onboarding__step-header">
        <button
          type="button"
          className="icon-btn"
          aria-label="Back"
          disabled={busy}
          onClick={onBack}
        >
          <ArrowLeftIcon size={22} />
        </button>
      </div>
      <h1 id="onboarding-title" className="onboarding__title">
        Add Your Profile Photo
      </h1>
      <p className="muted">Friends of friends trust a face they can recognise.</p>

      <div
        className="photo-frame photo-frame--round"
        aria-busy={state.status === 'working' || undefined}
      >
        {photo ? (
          <img src={photo} alt="Your profile photo" className="photo-frame__img" />
        ) : (
          <span className="photo-frame__empty">
            <PersonIcon size={64} />
          </span>
        )}
      </div>

      <UploadStatus state={state} />

      <div className="onboarding__actions" ref={actions}>
        <input {...picker.inputProps} />
        <button
          type="button"
          className={hasPhoto ? 'btn btn--ghost btn--block' : 'btn btn--primary btn--block'}
          disabled={busy}
          onClick={picker.open}
        >
          <ImageIcon size={20} />
          Upload Photo
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={busy}
          onClick={() => onCamera(true)}
        >
          <CameraIcon size={20} />
          Take a Selfie
        </button>
        <div className="onboarding__row">
          <button type="button" className="btn btn--text" disabled={busy} onClick={onFinish}>
            Skip for now
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy || !hasPhoto}
            onClick={onFinish}
          >
            Continue
          </button>
        </div>
      </div>
    </div>
  );
}
