import { apiPath } from '@cbm/contracts/endpoint';
import { sitesEndpoints } from '@cbm/contracts/endpoints/sites';
import { rulesQuerySchema, rulesResponseSchema } from '@cbm/contracts/site-permissions';
import { siteAccessQuerySchema, siteAccessResponseSchema, siteTreeSchema } from '@cbm/contracts/sites';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { requireSiteAccess, siteRulesOf } from './site-access';
import { siteRepository } from './site-repository';

export async function siteRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(apiPath(sitesEndpoints.rules), {
    schema: { tags: ['sites'], querystring: rulesQuerySchema, response: { 200: rulesResponseSchema } },
    handler: async (request) => {
      const user = await requireSiteAccess(sites, request, request.query.operatingSiteId);
      return siteRulesOf(sites, user, request.query.operatingSiteId);
    },
  });

  api.get(apiPath(sitesEndpoints.tree), {
    schema: { tags: ['sites'], response: { 200: siteTreeSchema } },
    handler: async (request) => sites.tree((await request.requireUser()).id),
  });

  api.get(apiPath(sitesEndpoints.access), {
    schema: { tags: ['sites'], querystring: siteAccessQuerySchema, response: { 200: siteAccessResponseSchema } },
    handler: async (request) => sites.accessibleSiteIds((await request.requireUser()).id, request.query.featureName),
  });
}
