import type { Feature } from '@cbm/contracts/features';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../http-error';
import { requireSiteAccess, siteRulesOf } from '../sites/site-access';
import type { SiteRepository } from '../sites/site-repository';

export const STATISTICS_FEATURE: Feature = 'cbm_statistic';

/**
 * Statistics and export (screens and routes; roles and permissions): cbm_statistic (route config), access to the site
 * with it, and the
 * battery Statistic permission there. Returns the user.
 */
export async function requireStatisticsAccess(sites: SiteRepository, request: FastifyRequest, siteId: number) {
  const user = await requireSiteAccess(sites, request, siteId, STATISTICS_FEATURE);
  if (!(await siteRulesOf(sites, user, siteId)).includes(SITE_PERMISSIONS.statistic)) throw forbidden();
  return user;
}
