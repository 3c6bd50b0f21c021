import { useEffect, useState } from 'react';
import {
  PENDING_INVITE_EVENT,
  readPendingInvite,
  type PendingInvite,
} from '../../lib/pending-invite.ts';
import { safeStorage, storageKeys } from '../../lib/storage-keys.ts';

/** The stored invitation, following changes from this tab and from others. */
export function usePendingInvite(): PendingInvite | null {
  const [invite, setInvite] = useState(() => readPendingInvite(safeStorage('local')));
  useEffect(() => {
    const reread = () => setInvite(readPendingInvite(safeStorage('local')));
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === storageKeys.pendingInvite) reread();
    };
    window.addEventListener(PENDING_INVITE_EVENT, reread);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(PENDING_INVITE_EVENT, reread);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return invite;
}
