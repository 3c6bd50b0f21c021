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
        await open.focus();
        open.postMessage({ type: 'heartline:navigate', url });
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
