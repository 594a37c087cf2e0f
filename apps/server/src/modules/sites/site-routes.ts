import { sitesEndpoints } from '@cbm/contracts/endpoints/sites';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { fromEndpoint } from '../../route-from-endpoint';
import { requireSiteAccess, siteRulesOf } from './site-access';
import { siteRepository } from './site-repository';

export async function siteRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(sitesEndpoints.rules, {
      schema: { tags: ['sites'] },
      handler: async (request) => {
        const user = await requireSiteAccess(sites, request, request.query.operatingSiteId);
        return siteRulesOf(sites, user, request.query.operatingSiteId);
      },
    }),
  );

  api.route(
    fromEndpoint(sitesEndpoints.tree, {
      schema: { tags: ['sites'] },
      handler: async (request) => sites.tree((await request.requireUser()).id),
    }),
  );

  api.route(
    fromEndpoint(sitesEndpoints.access, {
      schema: { tags: ['sites'] },
      handler: async (request) => sites.accessibleSiteIds((await request.requireUser()).id, request.query.featureName),
    }),
  );
}
