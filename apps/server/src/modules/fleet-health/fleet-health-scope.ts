import type { Feature } from '@cbm/contracts/features';
import { SITE_PERMISSIONS, type SitePermission } from '@cbm/contracts/site-permissions';
import { alarmSites } from '../alarms/alarm-access';
import type { SiteRepository } from '../sites/site-repository';
import type { FiguresScope } from './fleet-health-repository';

/** Licences are counted where the user manages them (the licence page's feature). */
const LICENCE_FEATURE: Feature = 'cbm_update';
const STATION_FEATURE: Feature = 'cbm_mdliveview';

/** The sites among `chosen` where the user holds the feature and the site's permission. */
async function withPermission(
  sites: SiteRepository,
  userId: number,
  chosen: readonly number[],
  feature: Feature,
  permission: SitePermission,
): Promise<number[]> {
  const candidates = (await sites.accessibleSiteIds(userId, feature)).filter((id) => chosen.includes(id));
  const held: number[] = [];
  for (const siteId of candidates) {
    if ((await sites.rules(userId, siteId)).includes(permission)) held.push(siteId);
  }
  return held;
}

/**
 * Where among the chosen sites the user sees each figure beyond the live view's (decision 045): licences with
 * cbm_update, alarms as in the alarm inbox, charger-station units as in their live view.
 */
export async function figuresScope(
  sites: SiteRepository,
  userId: number,
  chosen: readonly number[],
): Promise<FiguresScope> {
  const within = (ids: readonly number[]) => ids.filter((id) => chosen.includes(id));
  const alarms = await alarmSites(sites, userId);
  return {
    licences: within(await sites.accessibleSiteIds(userId, LICENCE_FEATURE)),
    batteryAlarms: within(alarms.battery),
    stationAlarms: within(alarms.mdload),
    stations: await withPermission(sites, userId, chosen, STATION_FEATURE, SITE_PERMISSIONS.mdloadLiveView),
  };
}
