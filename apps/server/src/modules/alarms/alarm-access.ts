import type { Alarm } from '@cbm/contracts/alarms';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import type { SiteRepository } from '../sites/site-repository';

/**
 * The sites whose alarms a user sees, per product: battery alarms with `cbm_alert` at the site, charger-station
 * alarms with `cbm_mdlalert` and the site's mdload Alert permission — as for the rules (decision 013).
 */
export async function alarmSites(sites: SiteRepository, userId: number): Promise<Record<Alarm['product'], number[]>> {
  const battery = await sites.accessibleSiteIds(userId, 'cbm_alert');
  const mdloadCandidates = await sites.accessibleSiteIds(userId, 'cbm_mdlalert');
  const mdload = await sites.withPermission(userId, mdloadCandidates, SITE_PERMISSIONS.mdloadAlert);
  return { battery, mdload };
}

export const maySee = (
  visible: Record<Alarm['product'], number[]>,
  alarm: Pick<Alarm, 'product' | 'operatingSiteId'>,
) => visible[alarm.product].includes(alarm.operatingSiteId);
