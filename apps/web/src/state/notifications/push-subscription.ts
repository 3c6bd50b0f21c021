import { okSchema, pushKeySchema } from '@heartline/domain';
import { apiRequest } from '../../lib/api.ts';
import { notificationPermission } from './browser-notifications.ts';

/** The VAPID public key as the Push API wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * Subscribes this device to Web Push once notifications are allowed, and tells the server (which
 * binds it to this session: signing out ends it). Quietly does nothing where push is missing
 * (no service worker, no PushManager, a development server).
 */
export async function ensurePushSubscription(): Promise<void> {
  if (notificationPermission() !== 'granted' || !('PushManager' in window)) return;
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!registration) return;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { publicKey } = await apiRequest('/api/push/key', pushKeySchema);
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  }
  await apiRequest('/api/push/subscription', okSchema, {
    method: 'PUT',
    body: subscription.toJSON(),
  });
}
