import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useOnline } from '../../../lib/use-online';
import { useSyncEngineState } from '../../../offline/sync-engine';
import { licenseAdminKeys } from './license-admin-keys';

/**
 * The page follows the network back (issue 26). Its reads never go stale (spec section 7), so an
 * answer taken from the device while offline would stay on screen, with 'You are offline' and the
 * buttons disabled, until a reload. They are fetched again when the browser says it is online again
 * (its `online` event), and when a sync pass of this device reaches the server (automatic, or
 * 'Sync now') while the page still shows the device's copy.
 */
export function useRefetchWhenBack(userId: string, fromDevice: boolean): void {
  const queryClient = useQueryClient();
  const online = useOnline();
  const lastSyncedAt = useSyncEngineState(userId).lastSyncedAt;
  const before = useRef({ online, lastSyncedAt });
  useEffect(() => {
    const was = before.current;
    before.current = { online, lastSyncedAt };
    const reconnected = online && !was.online;
    const synced = lastSyncedAt !== null && lastSyncedAt !== was.lastSyncedAt && fromDevice;
    if (reconnected || synced) void queryClient.invalidateQueries({ queryKey: licenseAdminKeys.all });
  }, [online, lastSyncedAt, fromDevice, queryClient]);
}
