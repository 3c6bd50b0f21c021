import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { notificationMessages } from '@heartline/domain';
import { storageKeys } from '../lib/storage-keys.ts';
import {
  notificationPermission,
  requestNotificationPermission,
} from '../state/notifications/browser-notifications.ts';
import { ensurePushSubscription } from '../state/notifications/push-subscription.ts';
import { useConfig } from '../state/queries/session.ts';

/**
 * The screens where asking makes sense: the person is in the app, not signing in, joining,
 * swiping or typing (the card's and the composer's buttons stay free).
 */
const ASK_ON = ['/profile', '/network', '/chat'];
/** Let the screen settle first: never a prompt as a page opens (issue 16). */
const ASK_AFTER_MS = 2_000;

/**
 * The in-app explanation before the browser's permission prompt (spec/1 §6 asks at start; a
 * bare prompt on page load is refused by browsers and people alike). Shown once per browser
 * while the permission is undecided; "Not now" hides it (Settings can still turn them on).
 */
export function NotificationPrompt() {
  const { pathname } = useLocation();
  const { productName } = useConfig();
  const [due, setDue] = useState(false);
  const [answered, setAnswered] = useState(
    () => localStorage.getItem(storageKeys.notificationPrompt) === 'dismissed',
  );
  const wanted = !answered && ASK_ON.includes(pathname);

  useEffect(() => {
    if (!wanted) return;
    // The permission is read when the prompt is due, not in every render: the read blocks the
    // main thread (~10 ms in Chromium), which the first screen cannot spare (issue 17).
    const timer = setTimeout(() => setDue(notificationPermission() === 'default'), ASK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [wanted]);

  if (!wanted || !due) return null;

  const dismiss = () => {
    localStorage.setItem(storageKeys.notificationPrompt, 'dismissed');
    setAnswered(true);
  };
  const allow = () => {
    void requestNotificationPermission()
      .then((answer) => (answer === 'granted' ? ensurePushSubscription() : undefined))
      .catch(() => undefined)
      .finally(() => setAnswered(true));
  };

  return (
    <aside className="notify-prompt" aria-labelledby="notify-prompt-title">
      <h2 id="notify-prompt-title" className="notify-prompt__title">
        {notificationMessages.promptTitle}
      </h2>
      <p className="notify-prompt__text">{notificationMessages.promptText(productName)}</p>
      <div className="notify-prompt__actions">
        <button type="button" className="btn btn--ghost" onClick={dismiss}>
          {notificationMessages.promptLater}
        </button>
        <button type="button" className="btn btn--primary" onClick={allow}>
          {notificationMessages.promptAllow}
        </button>
      </div>
    </aside>
  );
}
