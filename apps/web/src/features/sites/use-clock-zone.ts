import { browserTimeZone } from '../../lib/dates';
import { useUser } from '../session';
import { useSiteTimeZone } from './api/get-site-tree';
import { useOptionalSiteId } from './use-site-id';

/**
 * The zone every time on screen is shown in (decision 084): the operating site's of the current route, or the
 * browser's where the user chose it or where no site is in the route (account, audit, campaigns).
 */
export function useClockZone(): string {
  const siteId = useOptionalSiteId();
  const siteZone = useSiteTimeZone(siteId ?? Number.NaN);
  const chosen = useUser().data?.clock ?? 'site';
  return chosen === 'browser' || siteId === undefined ? browserTimeZone() : siteZone;
}
