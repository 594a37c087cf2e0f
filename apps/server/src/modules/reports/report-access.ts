import type { Feature } from '@cbm/contracts/features';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import type { FastifyRequest } from 'fastify';
import { requireSitePermission } from '../sites/site-access';
import type { SiteRepository } from '../sites/site-repository';

export const REPORT_FEATURE: Feature = 'cbm_report';

/** cbm_report, access to the site (404 unknown / 403 not visible) and the battery Report permission there. */
export const requireReportAccess = (sites: SiteRepository, request: FastifyRequest, siteId: number) =>
  requireSitePermission(sites, request, siteId, REPORT_FEATURE, SITE_PERMISSIONS.report);
