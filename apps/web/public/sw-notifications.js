// Imported by the generated service worker (vite.config.ts, workbox.importScripts): a click on
// a notification focuses an open window of the app and asks it to open the notification's
// screen, or opens one at that screen (state/notifications/browser-notifications.ts).
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const url =
    typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')
      ? data.url
      : '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // The screen first: a browser may refuse the focus (it allows one only shortly after
        // the click), and the window should still show what was clicked when it is next seen.
        open.postMessage({ type: 'heartline:navigate', url });
        await open.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// Web Push (modules/push): the server sends the notification as JSON ({ title, body, tag, url,
// icon, closeAfterMs }). Skipped while a window of the app is visible and focused: the page
// shows what it needs itself (spec/3 §4). The tag is the page's too, so one never doubles the
// other.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' ? data.title : 'New message';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (windows.some((client) => client.visibilityState === 'visible' && client.focused)) return;
      const timestamp = Date.now();
      await self.registration.showNotification(title, {
        body: typeof data.body === 'string' ? data.body : '',
        tag: typeof data.tag === 'string' ? data.tag : undefined,
        icon: typeof data.icon === 'string' ? data.icon : '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: typeof data.url === 'string' ? data.url : '/' },
        timestamp,
        requireInteraction: typeof data.closeAfterMs !== 'number',
      });
      // A message closes by itself (spec/3 §4), as the page's do. Outside the event's lifetime:
      // Chrome checks that a push showed a notification when the event ends, so it must still
      // be there then; the worker stays alive well past these few seconds. Only this one
      // closes, not a newer notification that took its tag.
      if (typeof data.closeAfterMs === 'number') {
        setTimeout(() => {
          void self.registration
            .getNotifications()
            .then((shown) =>
              shown.filter((n) => n.timestamp === timestamp).forEach((n) => n.close()),
            );
        }, data.closeAfterMs);
      }
    })(),
  );
});
