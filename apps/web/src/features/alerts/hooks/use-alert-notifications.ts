import type { LiveAlert } from '@cbm/contracts/alerts';
import { deviceEventText } from '@cbm/contracts/device-texts';
import { liveStreamUrl } from '@cbm/contracts/endpoints/live';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { alarmInboxPath } from '../../../lib/page-paths';
import { useDesktopNotifications } from './use-desktop-notifications';

/**
 * Shows a desktop notification for each alert of the site fired while CBM is open, pushed over the live
 * stream (event `alert`, only to users who may see that alert); only when switched on and allowed. A click
 * opens the site's alarm inbox.
 */
export function useAlertNotifications(siteId: number) {
  const { t } = useTranslation();
  const { enabled, permission } = useDesktopNotifications();

  useEffect(() => {
    if (!enabled || permission !== 'granted' || typeof EventSource === 'undefined') return;
    const source = new EventSource(liveStreamUrl(siteId, { events: ['alert'] }));
    source.addEventListener('alert', (event) => {
      const alert = JSON.parse((event as MessageEvent<string>).data) as LiveAlert;
      const notification = new Notification(
        t('alerts.desktop.title', {
          type: t(`alerts.kinds.${alert.type}`),
          code: alert.code,
          device: alert.deviceName,
        }),
        {
          body: t('alerts.desktop.body', {
            alert: alert.alertName,
            description: deviceEventText(currentLanguage(), { ...alert, category: null }).description,
          }),
          tag: `cbm-alert-${alert.alertId}-${alert.serialNumber}-${alert.ts}`,
        },
      );
      // A click leads into the site's alarm inbox (decision 040), in this tab.
      notification.onclick = () => {
        window.focus();
        window.location.assign(alarmInboxPath(siteId));
      };
    });
    return () => source.close();
  }, [enabled, permission, siteId, t]);
}
