import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { siteAdminEndpoints } from '@cbm/contracts/endpoints/site-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { requireManagedSite } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { batteryAssignmentRepository } from './battery-assignment-repository';

const FEATURE = 'cbm_osadmin';
const LISTED_MAX = 10;

const batteriesNotFound = (serials: string[]) =>
  new HttpError(404, 'batteries.notFound', 'errors.batteriesNotFound', {
    serials: serials.length > LISTED_MAX ? `${serials.slice(0, LISTED_MAX).join(', ')}, …` : serials.join(', '),
  });

/**
 * GET /OsAdmin/batteries: the site's expected batteries; POST /OsAdmin/batteries: moves batteries between
 * the sites the admin manages, all or none (docs/decisions/007-admin-scope.md).
 */
export async function batteryAssignmentRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(siteAdminEndpoints.expectedBatteries, {
      config: { features: [FEATURE] },
      schema: { tags: ['site admin'] },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const user = await requireManagedSite(sites, request, siteId, FEATURE);
        const managed = await sites.accessibleSiteIds(user.id, FEATURE);
        const batteries = batteryAssignmentRepository(options.db);
        const [managedSites, expected] = await Promise.all([
          batteries.sites(managed),
          batteries.expected(siteId, managed),
        ]);
        return { sites: managedSites, batteries: expected };
      },
    }),
  );

  api.route(
    fromEndpoint(siteAdminEndpoints.assignBatteries, {
      config: { features: [FEATURE] },
      schema: { tags: ['site admin'] },
      handler: async (request) => {
        const { targetOperatingSiteId: target, batterySerialNumbers } = request.body;
        const user = await requireManagedSite(sites, request, target, FEATURE);
        const managed = await sites.accessibleSiteIds(user.id, FEATURE);
        return options.db.transaction(async (tx) => {
          const batteries = batteryAssignmentRepository(tx);
          const locked = await batteries.lock(batterySerialNumbers, managed);
          const found = new Set(locked.map((battery) => battery.serialNumber));
          const missing = batterySerialNumbers.filter((serial) => !found.has(serial));
          if (missing.length > 0) throw batteriesNotFound(missing);

          const moving = locked.filter((battery) => battery.siteId !== target);
          if (moving.length === 0) return { moved: [] };
          const siteNames = new Map((await batteries.sites(managed)).map((site) => [site.operatingSiteId, site.name]));
          await batteries.move(
            moving.map((battery) => battery.serialNumber),
            target,
          );
          await auditRepository(tx).record(
            { userId: user.id, email: user.email },
            moving.map((battery) => ({
              action: AUDIT_ACTIONS.batterySiteAssigned,
              entityType: 'battery' as const,
              entityId: battery.serialNumber,
              siteIds: [battery.siteId, target],
              previous: {
                operatingSiteId: battery.siteId,
                operatingSiteName: siteNames.get(battery.siteId),
                groupName: battery.groupName,
              },
              next: { operatingSiteId: target, operatingSiteName: siteNames.get(target), groupName: null },
            })),
          );
          return {
            moved: moving.map((battery) => ({
              batterySerialNumber: battery.serialNumber,
              fromOperatingSiteId: battery.siteId,
              toOperatingSiteId: target,
            })),
          };
        });
      },
    }),
  );
}
