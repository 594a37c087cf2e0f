import { fleetHealthEndpoints } from '@cbm/contracts/endpoints/fleet-health';
import type { Feature } from '@cbm/contracts/features';
import { type FleetHealthResponse, siteCondition } from '@cbm/contracts/fleet-health';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { fromEndpoint } from '../../route-from-endpoint';
import { accessibleSitesOf, requireSiteAccess } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { totalOf } from './fleet-health-figures';
import { fleetHealthRepository } from './fleet-health-repository';
import { figuresScope } from './fleet-health-scope';

const FEATURE: Feature = 'cbm_liveview';
const config = { features: [FEATURE] };
const tags = ['fleet health'];

/**
 * Fleet health (decisions 039, 045): the figures per site and in total over the sites the user sees with the live
 * view, or of one of them (operatingSiteId); and the batteries that need attention.
 */
export async function fleetHealthRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const health = fleetHealthRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The one site asked for (404/403 as everywhere), or all the user's live-view sites. */
  const sitesOf = async (request: FastifyRequest, siteId: number | undefined) => {
    const user = await request.requireUser();
    if (siteId !== undefined) await requireSiteAccess(sites, request, siteId, FEATURE);
    const siteIds = siteId === undefined ? await accessibleSitesOf(sites, user, FEATURE) : [siteId];
    return { user, siteIds };
  };

  api.route(
    fromEndpoint(fleetHealthEndpoints.summary, {
      config,
      schema: { tags, summary: 'Batteries by live state and condition, per site and in total' },
      handler: async (request): Promise<FleetHealthResponse> => {
        const { user, siteIds } = await sitesOf(request, request.query.operatingSiteId);
        const figures = await health.figures(siteIds, await figuresScope(sites, user, siteIds));
        return {
          sites: figures.map((site) => ({ ...site, condition: siteCondition(site) })),
          total: totalOf(figures),
        };
      },
    }),
  );

  api.route(
    fromEndpoint(fleetHealthEndpoints.attention, {
      config,
      schema: { tags, summary: 'The batteries that need attention, worst first' },
      handler: async (request) => {
        const { siteIds } = await sitesOf(request, request.query.operatingSiteId);
        return health.attention(siteIds);
      },
    }),
  );

  api.route(
    fromEndpoint(fleetHealthEndpoints.figureBatteries, {
      config,
      schema: {
        tags,
        summary: "The batteries one of the figures counts (figure), by site and name: the figure's list",
      },
      handler: async (request) => {
        const { operatingSiteId, figure, offset, limit } = request.query;
        const { siteIds } = await sitesOf(request, operatingSiteId);
        return health.batteries(siteIds, figure, { offset, limit });
      },
    }),
  );
}
