import type { Feature } from '@cbm/contracts/features';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import type { FastifyRequest } from 'fastify';
import { requireSitePermission } from '../sites/site-access';
import type { SiteRepository } from '../sites/site-repository';

export const STATISTICS_FEATURE: Feature = 'cbm_statistic';

/**
 * Statistics and export (screens and routes; roles and permissions): cbm_statistic (route config), access to the site
 * with it, and the battery Statistic permission there. Returns the user.
 */
export const requireStatisticsAccess = (sites: SiteRepository, request: FastifyRequest, siteId: number) =>
  requireSitePermission(sites, request, siteId, STATISTICS_FEATURE, SITE_PERMISSIONS.statistic);
