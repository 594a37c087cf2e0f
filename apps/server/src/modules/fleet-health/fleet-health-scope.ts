import type { Feature } from '@cbm/contracts/features';
import { SITE_PERMISSIONS, type SitePermission } from '@cbm/contracts/site-permissions';
import { accessibleSitesOf, type SignedInUser, sitesWithPermission } from '../sites/site-access';
import type { SiteRepository } from '../sites/site-repository';
import type { FiguresScope } from './fleet-health-repository';

/**
 * Where among the chosen sites the user sees each figure beyond the live view's (decision 045): licences with
 * cbm_update (the licence page), alarms as in the alarm inbox (battery alarms with cbm_alert, charger-station
 * alarms with cbm_mdlalert and the site's mdload Alert permission, alarms/alarm-access.ts), charger-station units
 * as in their live view (cbm_mdliveview and the site's LiveView permission). A few queries, not one per site, and
 * those once per cached session user (decision 070).
 */
export async function figuresScope(
  sites: SiteRepository,
  user: SignedInUser,
  chosen: readonly number[],
): Promise<FiguresScope> {
  const holding = async (feature: Feature) =>
    (await accessibleSitesOf(sites, user, feature)).filter((id) => chosen.includes(id));
  const permitted = async (feature: Feature, permission: SitePermission) =>
    sitesWithPermission(sites, user, await holding(feature), permission);
  const [licences, batteryAlarms, stationAlarms, stations] = await Promise.all([
    holding('cbm_update'),
    holding('cbm_alert'),
    permitted('cbm_mdlalert', SITE_PERMISSIONS.mdloadAlert),
    permitted('cbm_mdliveview', SITE_PERMISSIONS.mdloadLiveView),
  ]);
  return { licences, batteryAlarms, stationAlarms, stations };
}
