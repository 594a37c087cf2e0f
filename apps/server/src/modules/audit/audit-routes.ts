import { auditEndpoints } from '@cbm/contracts/endpoints/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { fromEndpoint } from '../../route-from-endpoint';
import { requireManagedSite } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { auditRepository } from './audit-repository';

/** GET /audit: a site's audit log for the admins of that site (cbm_osadmin there). */
export async function auditRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const audit = auditRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(auditEndpoints.page, {
      config: { features: ['cbm_osadmin'] },
      schema: { tags: ['audit'] },
      handler: async (request) => {
        const { operatingSiteId, offset, limit } = request.query;
        await requireManagedSite(sites, request, operatingSiteId, 'cbm_osadmin');
        return audit.page(operatingSiteId, offset, limit);
      },
    }),
  );
}
