import type { LiveAlert } from '@cbm/contracts/alerts';
import { LIVE_STREAM_PATH } from '@cbm/contracts/live-stream';
import { useLocalStorage } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type DesktopPermission = NotificationPermission | 'unsupported';

const permissionNow = (): DesktopPermission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * Optional desktop notifications for the site's fired alerts, pushed over the live stream (event `alert`,
 * only to users who may see that alert). Off until the user switches them on; the browser must allow them.
 */
export function useDesktopNotifications(siteId: number) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useLocalStorage({ key: 'cbm.alerts.desktopNotifications', defaultValue: false });
  const [permission, setPermission] = useState<DesktopPermission>(permissionNow);

  useEffect(() => {
    if (!enabled || permission !== 'granted' || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${LIVE_STREAM_PATH}?operatingSiteId=${siteId}`);
    source.addEventListener('alert', (event) => {
      const alert = JSON.parse((event as MessageEvent<string>).data) as LiveAlert;
      new Notification(
        t('alerts.desktop.title', {
          type: t(`alerts.kinds.${alert.type}`),
          code: alert.code,
          device: alert.deviceName,
        }),
        {
          body: t('alerts.desktop.body', { alert: alert.alertName, description: alert.description }),
          tag: `cbm-alert-${alert.alertId}-${alert.serialNumber}-${alert.ts}`,
        },
      );
    });
    return () => source.close();
  }, [enabled, permission, siteId, t]);

  /** Switching on asks the browser for permission when it has not been asked yet. */
  async function toggle(on: boolean) {
    setEnabled(on);
    if (on && permissionNow() === 'default') await Notification.requestPermission();
    setPermission(permissionNow());
  }

  return { enabled, permission, toggle };
}
