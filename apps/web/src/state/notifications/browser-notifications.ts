import type { NotificationSpec } from '@heartline/domain';

/**
 * The browser side of notifications (spec/3 §4): permission, showing one when the app is not in
 * front, closing it on time, and the app icon badge. Shown through the service worker where
 * there is one (Android allows nothing else), so a click reaches `sw-notifications.js`, which
 * focuses the app and asks it to open the notification's screen ('heartline:navigate').
 */

export type PermissionState = NotificationPermission | 'unsupported';

export const NAVIGATE_MESSAGE = 'heartline:navigate';

export function notificationPermission(): PermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export async function requestNotificationPermission(): Promise<PermissionState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/** spec/3 §4: a notification is skipped when the tab is visible and focused. */
export function appInFront(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/** A same-origin app path, never another site (a notification's data could be anything). */
export function safeAppPath(url: unknown): string | null {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : null;
}

/** Shows it unless the app is in front or not allowed to; answers whether it did. */
export async function showNotification(
  spec: NotificationSpec,
  navigate: (url: string) => void,
): Promise<boolean> {
  if (notificationPermission() !== 'granted' || appInFront()) return false;
  const options: NotificationOptions = {
    body: spec.body,
    tag: spec.tag,
    icon: spec.icon ?? '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: spec.url },
    // A request stays until acted on; the others close by themselves.
    requireInteraction: spec.closeAfterMs === undefined,
  };
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration) {
    await registration.showNotification(spec.title, options);
    if (spec.closeAfterMs !== undefined) {
      setTimeout(() => {
        void registration
          .getNotifications({ tag: spec.tag })
          .then((shown) => shown.forEach((n) => n.close()));
      }, spec.closeAfterMs);
    }
    return true;
  }
  const notification = new Notification(spec.title, options);
  notification.onclick = () => {
    window.focus();
    navigate(spec.url);
    notification.close();
  };
  if (spec.closeAfterMs !== undefined) setTimeout(() => notification.close(), spec.closeAfterMs);
  return true;
}

/** The unread count on the app's icon (Badging API, where the browser has it). */
export function setAppBadge(count: number): void {
  if (!('setAppBadge' in navigator)) return;
  const done = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
  void done.catch(() => undefined);
}

/** spec/3 §4: a short tone with a notification (its length and pitch are not given: 150 ms, A5). */
export function playTone(): void {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  try {
    const audio = new Context();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.15);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.15);
    tone.onended = () => void audio.close();
  } catch {
    // No sound (autoplay refused before any tap): the notification stands alone.
  }
}
