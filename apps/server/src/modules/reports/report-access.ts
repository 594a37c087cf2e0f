import type { Feature } from '@cbm/contracts/features';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../http-error';
import { requireSiteAccess, siteRulesOf } from '../sites/site-access';
import type { SiteRepository } from '../sites/site-repository';

export const REPORT_FEATURE: Feature = 'cbm_report';

/** cbm_report, access to the site (404 unknown / 403 not visible) and the battery Report permission there. */
export async function requireReportAccess(sites: SiteRepository, request: FastifyRequest, siteId: number) {
  const user = await requireSiteAccess(sites, request, siteId, REPORT_FEATURE);
  if (!(await siteRulesOf(sites, user, siteId)).includes(SITE_PERMISSIONS.report)) throw forbidden();
  return user;
}
