import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { licencesEndpoints } from '@cbm/contracts/endpoints/licences';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { requireManagedSite } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { licenceRepository } from './licence-repository';

const FEATURE = 'cbm_update';
const LISTED_MAX = 10;

const devicesNotFound = (displayIds: string[]) =>
  new HttpError(404, 'licences.deviceNotFound', 'errors.devicesNotFound', {
    displayIds:
      displayIds.length > LISTED_MAX ? `${displayIds.slice(0, LISTED_MAX).join(', ')}, …` : displayIds.join(', '),
  });

/** GET and POST /LicenseManagement: the licence end dates of a site's display units (entity fields, API calls). */
export async function licenceRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(licencesEndpoints.list, {
      config: { features: [FEATURE] },
      schema: { tags: ['licences'] },
      handler: async (request) => {
        await requireManagedSite(sites, request, request.query.operatingSiteId, FEATURE);
        return licenceRepository(options.db).list(request.query.operatingSiteId);
      },
    }),
  );

  /** Sets one end date for the named devices, all or none; answers them as stored. */
  api.route(
    fromEndpoint(licencesEndpoints.change, {
      config: { features: [FEATURE] },
      schema: { tags: ['licences'] },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const { displayIds, eoLDate } = request.body;
        const user = await requireManagedSite(sites, request, siteId, FEATURE);
        return options.db.transaction(async (tx) => {
          const licences = licenceRepository(tx);
          const locked = await licences.lock(siteId, displayIds);
          const found = new Set(locked.map((device) => device.displayId));
          const missing = displayIds.filter((displayId) => !found.has(displayId));
          if (missing.length > 0) throw devicesNotFound(missing);

          const changing = locked.filter((device) => device.eoLDate !== eoLDate);
          await licences.setEndDate(
            changing.map((device) => device.displayId),
            eoLDate,
          );
          await auditRepository(tx).record(
            { userId: user.id, email: user.email },
            changing.map((device) => ({
              action: AUDIT_ACTIONS.licenceEndDateChanged,
              entityType: 'displayUnit' as const,
              entityId: device.displayId,
              siteIds: [siteId],
              previous: { eoLDate: device.eoLDate },
              next: { eoLDate },
            })),
          );
          return locked.map((device) => ({ ...device, eoLDate }));
        });
      },
    }),
  );
}
