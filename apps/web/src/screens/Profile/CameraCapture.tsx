import { photoMessages } from '@heartline/domain';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { CameraIcon } from '../../components/ProfileIcons.tsx';
import { captureFrame } from '../../lib/photo-canvas.ts';

type Captured = { photo: Blob; url: string };

/**
 * The camera capture screen (spec/1 §2, §4): live front-camera preview with a LIVE badge, then
 * the captured picture as 'New Photo' to save or discard. Saving hands the 1080×1350 WebP to
 * the caller, which uploads it like any chosen file.
 */
export function CameraCapture({
  currentPhotoUrl,
  onCancel,
  onSave,
}: {
  currentPhotoUrl: string | null;
  onCancel: () => void;
  onSave: (photo: Blob) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const shutterRef = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<'starting' | 'live' | 'failed'>('starting');
  const [captured, setCaptured] = useState<Captured | null>(null);
  const [attempt, setAttempt] = useState(0);
  const toast = useToast();

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera API');
        const media = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'user', width: { ideal: 1350 }, height: { ideal: 1080 } },
          audio: false,
        });
        if (cancelled) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream = media;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = stream;
        await video.play();
        if (!cancelled) setStatus('live');
      } catch {
        if (cancelled) return;
        setStatus('failed');
        toast.error(photoMessages.cameraFailed);
      }
    };
    void start();
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [attempt, toast]);

  useEffect(() => {
    if (status === 'live' && !captured) shutterRef.current?.focus();
  }, [status, captured]);

  useEffect(
    () => () => {
      if (captured) URL.revokeObjectURL(captured.url);
    },
    [captured],
  );

  const capture = async () => {
    const video = videoRef.current;
    if (!video) return;
    try {
      const photo = await captureFrame(video, true);
      setCaptured({ photo, url: URL.createObjectURL(photo) });
    } catch {
      toast.error(photoMessages.savePhotoFailed);
    }
  };

  return (
    <section
      className="camera"
      aria-labelledby="camera-title"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        if (captured) setCaptured(null);
        else onCancel();
      }}
    >
      <h1 id="camera-title" className="visually-hidden">
        {captured ? 'New Photo' : 'Take a photo'}
      </h1>
      <div className="camera__frame">
        <video
          ref={videoRef}
          className="camera__video"
          playsInline
          muted
          hidden={captured !== null}
          aria-label="Live camera preview"
        />
        {captured && <img className="camera__still" src={captured.url} alt="New Photo" />}
        {!captured && status === 'live' && (
          <span className="camera__live" aria-hidden="true">
            LIVE
          </span>
        )}
        {captured && (
          <span className="camera__label" aria-hidden="true">
            New Photo
          </span>
        )}
        {currentPhotoUrl && !captured && (
          <figure className="camera__current">
            <img src={currentPhotoUrl} alt="Your current photo" />
            <figcaption>Current</figcaption>
          </figure>
        )}
        {status === 'starting' && (
          <div className="camera__overlay" role="status">
            <span className="spinner" aria-hidden="true" />
            Starting camera...
          </div>
        )}
        {status === 'failed' && (
          <div className="camera__overlay" role="alert">
            <CameraIcon size={32} />
            <p>{photoMessages.cameraFailed}</p>
            <button
              type="button"
              className="btn btn--sm btn--light"
              onClick={() => {
                setStatus('starting');
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </button>
          </div>
        )}
      </div>

      {captured ? (
        <div className="camera__controls">
          <button type="button" className="btn btn--on-dark" onClick={() => setCaptured(null)}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => onSave(captured.photo)}
            autoFocus
          >
            Like! - Save!
          </button>
        </div>
      ) : (
        <div className="camera__controls">
          <button type="button" className="btn btn--on-dark" onClick={onCancel}>
            Cancel
          </button>
          <button
            ref={shutterRef}
            type="button"
            className="camera__shutter"
            aria-label="Take photo"
            disabled={status !== 'live'}
            onClick={() => void capture()}
          />
          <span className="camera__spacer" aria-hidden="true" />
        </div>
      )}
    </section>
  );
}
