import { useRegisterSW } from 'virtual:pwa-register/react';

/** A new version of the app was installed in the background; the user chooses when to switch. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version of Heartline is ready.</span>
      <div className="update-prompt__actions">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setNeedRefresh(false)}
        >
          Later
        </button>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          onClick={() => void updateServiceWorker(true)}
        >
          Update
        </button>
      </div>
    </div>
  );
}
