import { photoMessages } from '@heartline/domain';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { Svg, type IconProps } from '../../components/Icons.tsx';
import { CameraIcon } from '../../components/ProfileIcons.tsx';
import { captureFrame } from '../../lib/photo-canvas.ts';

type Captured = { photo: Blob; url: string };

/** A circular arrow: Cancel after a capture goes back to the live camera to take another. */
const RetakeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5" />
  </Svg>
);

/**
 * The camera capture screen (spec/1 §2, §4): live front-camera preview with a LIVE badge, then
 * the captured picture as 'New Photo' to save or discard. Saving hands the 1080×1350 WebP to
 * the caller, which uploads it like any chosen file. The spec's button texts stay; after a
 * capture, Cancel means "retake": it carries a retake icon and says so to assistive technology.
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
      <div className="camera__frame">
        {/* After a capture the heading is the visible 'New Photo' label over the picture. */}
        <h1 id="camera-title" className={captured ? 'camera__label' : 'visually-hidden'}>
          {captured ? 'New Photo' : 'Take a photo'}
        </h1>
        <video
          ref={videoRef}
          className="camera__video"
          playsInline
          muted
          hidden={captured !== null}
          aria-label="Live camera preview"
        />
        {captured && (
          <img className="camera__still" src={captured.url} alt="The picture you just took" />
        )}
        {!captured && status === 'live' && (
          <span className="camera__live" aria-hidden="true">
            LIVE
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
          <button
            type="button"
            className="btn btn--on-dark"
            aria-label="Cancel, retake photo"
            title="Retake photo"
            onClick={() => setCaptured(null)}
          >
            <RetakeIcon size={20} />
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
