import { photoMessages } from '@heartline/domain';
import { phaseLabels } from '../../lib/photo-upload.ts';
import type { PhotoUploadState } from '../../state/queries/photos.ts';

/** Progress, success, queued and failure texts of one upload (spec/1 §2, §4). */
export function UploadStatus({ state }: { state: PhotoUploadState }) {
  switch (state.status) {
    case 'idle':
      return null;
    case 'working':
      return (
        <div className="upload-status">
          <div className="upload-status__row">
            <span>{phaseLabels[state.phase]}</span>
            <span className="upload-status__percent">{state.percent}%</span>
          </div>
          <div
            className="progress"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
            aria-valuetext={`${phaseLabels[state.phase]} ${state.percent}%`}
          >
            <div
              className="progress__fill"
              style={{ transform: `scaleX(${state.percent / 100})` }}
            />
          </div>
        </div>
      );
    case 'done':
      return (
        <p className="upload-status__message upload-status__message--success" role="status">
          {photoMessages.uploadSuccessful}
        </p>
      );
    case 'queued':
      return (
        <p className="upload-status__message" role="status">
          The connection failed. Your photo is saved on this device and uploads automatically as
          soon as it can.
        </p>
      );
    case 'failed':
      return (
        <p className="upload-status__message upload-status__message--error" role="alert">
          {photoMessages.uploadFailedPrefix(state.message)}
        </p>
      );
  }
}
