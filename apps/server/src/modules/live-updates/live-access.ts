import type { Feature } from '@cbm/contracts/features';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import type { SiteRepository } from '../sites/site-repository';

/** What the user may see of a site's live changes. */
export interface LiveAccess {
  batteries: boolean;
  mdloads: boolean;
  battery: boolean;
  mdload: boolean;
}

const mayWatch = (access: LiveAccess) => Object.values(access).some(Boolean);

/**
 * The live access to each of the sites, in five queries whatever their number: batteries with cbm_liveview,
 * charger-station units with cbm_mdliveview, battery alarms and alerts with cbm_alert, charger-station ones with
 * cbm_mdlalert and the site's mdload Alert permission.
 */
export async function liveAccessOf(
  sites: SiteRepository,
  userId: number,
  siteIds: readonly number[],
): Promise<Map<number, LiveAccess>> {
  const sitesWith = async (feature: Feature) => new Set(await sites.accessibleSiteIds(userId, feature));
  const [batteries, mdloads, battery, mdloadAlert] = await Promise.all([
    sitesWith('cbm_liveview'),
    sitesWith('cbm_mdliveview'),
    sitesWith('cbm_alert'),
    sitesWith('cbm_mdlalert'),
  ]);
  const permitted = new Set(await sites.withPermission(userId, siteIds, SITE_PERMISSIONS.mdloadAlert));
  return new Map(
    siteIds.map((siteId) => [
      siteId,
      {
        batteries: batteries.has(siteId),
        mdloads: mdloads.has(siteId),
        battery: battery.has(siteId),
        mdload: mdloadAlert.has(siteId) && permitted.has(siteId),
      },
    ]),
  );
}

/** The sites the user may watch nothing of. */
export const refusedSites = (access: ReadonlyMap<number, LiveAccess>) =>
  [...access].filter(([, site]) => !mayWatch(site)).map(([siteId]) => siteId);

/** Whether the user lost anything at any site that `before` allowed. */
export const lostAny = (before: ReadonlyMap<number, LiveAccess>, now: ReadonlyMap<number, LiveAccess>) =>
  [...before].some(([siteId, access]) =>
    (Object.keys(access) as (keyof LiveAccess)[]).some((key) => access[key] && !now.get(siteId)?.[key]),
  );
