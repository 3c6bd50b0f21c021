import { useEffect, useState } from 'react';
import { useLocation } from './navigation.tsx';
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
 * What shows the person is using the screen. Until one of these, the prompt waits: it asks in
 * the middle of use, not over a screen that is still being read, and it is never what a load's
 * largest paint lands on (it was, 2 s in, on /network and /chat: issue 17's LCP).
 */
const ENGAGED_ON = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * The in-app explanation before the browser's permission prompt (spec/1 §6 asks at start; a
 * bare prompt on page load is refused by browsers and people alike). Shown once per browser
 * while the permission is undecided, at the person's first tap, key or scroll on a screen that
 * has been open 2 s; "Not now" hides it (Settings can still turn them on).
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
    let settled = false;
    let engaged = false;
    // The permission is read when the prompt is due, not in every render: the read blocks the
    // main thread (~10 ms in Chromium), which the first screen cannot spare (issue 17).
    const ask = () => {
      if (settled && engaged) setDue(notificationPermission() === 'default');
    };
    const timer = setTimeout(() => {
      settled = true;
      ask();
    }, ASK_AFTER_MS);
    const onEngaged = () => {
      engaged = true;
      for (const type of ENGAGED_ON) window.removeEventListener(type, onEngaged, true);
      ask();
    };
    for (const type of ENGAGED_ON) {
      window.addEventListener(type, onEngaged, { capture: true, passive: true });
    }
    return () => {
      clearTimeout(timer);
      for (const type of ENGAGED_ON) window.removeEventListener(type, onEngaged, true);
    };
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
