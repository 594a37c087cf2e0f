import type { Alarm } from '@cbm/contracts/alarms';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import { accessibleSitesOf, type SignedInUser, sitesWithPermission } from '../sites/site-access';
import type { SiteRepository } from '../sites/site-repository';

/**
 * The sites whose alarms a user sees, per product: battery alarms with `cbm_alert` at the site, charger-station
 * alarms with `cbm_mdlalert` and the site's mdload Alert permission — as for the rules (decision 013); asked once
 * per cached session user (decision 070).
 */
export async function alarmSites(
  sites: SiteRepository,
  user: SignedInUser,
): Promise<Record<Alarm['product'], readonly number[]>> {
  const [battery, mdloadCandidates] = await Promise.all([
    accessibleSitesOf(sites, user, 'cbm_alert'),
    accessibleSitesOf(sites, user, 'cbm_mdlalert'),
  ]);
  const mdload = await sitesWithPermission(sites, user, mdloadCandidates, SITE_PERMISSIONS.mdloadAlert);
  return { battery, mdload };
}

export const maySee = (
  visible: Record<Alarm['product'], readonly number[]>,
  alarm: Pick<Alarm, 'product' | 'operatingSiteId'>,
) => visible[alarm.product].includes(alarm.operatingSiteId);
