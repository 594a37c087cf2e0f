import { useLocalStorage } from '@mantine/hooks';
import { useSyncExternalStore } from 'react';

export type DesktopPermission = NotificationPermission | 'unsupported';

const STORAGE_KEY = 'cbm.alerts.desktopNotifications';
const permissionNow = (): DesktopPermission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

const listeners = new Set<() => void>();
const announcePermission = () => {
  for (const listener of listeners) listener();
};

/** Calls `listener` when the permission changes: asked here, or changed in the browser's site settings. */
function subscribeToPermission(listener: () => void) {
  listeners.add(listener);
  let status: PermissionStatus | undefined;
  let closed = false;
  navigator.permissions?.query({ name: 'notifications' }).then(
    (found) => {
      if (closed) return;
      status = found;
      status.addEventListener('change', listener);
    },
    () => undefined,
  );
  return () => {
    closed = true;
    listeners.delete(listener);
    status?.removeEventListener('change', listener);
  };
}

/**
 * The user's choice of desktop notifications for fired alerts (off until switched on, remembered in this
 * browser) and the browser's permission for them; every component using it sees the same state.
 */
export function useDesktopNotifications() {
  const [enabled, setEnabled] = useLocalStorage({ key: STORAGE_KEY, defaultValue: false });
  const permission = useSyncExternalStore(subscribeToPermission, permissionNow);

  /** Switching on asks the browser for permission when it has not been asked yet. */
  async function toggle(on: boolean) {
    setEnabled(on);
    if (on && permissionNow() === 'default') await Notification.requestPermission();
    announcePermission();
  }

  return { enabled, permission, toggle };
}
