import { useAlertNotifications } from '../hooks/use-alert-notifications';

/** Desktop notifications for the site's alerts on every page of it; the app shell mounts it. */
export function AlertNotifications({ siteId }: { siteId: number }) {
  useAlertNotifications(siteId);
  return null;
}
