import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { batteryGroupsEndpoints } from '@cbm/contracts/endpoints/battery-groups';
import type { Feature } from '@cbm/contracts/features';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Queryable } from '../../db/database';
import { batteryGroupNotFound, HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { requireSiteAccess } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { batteryGroupRepository, isNameTaken } from './battery-group-repository';

const FEATURE: Feature = 'cbm_liveview';
const config = { features: [FEATURE] };
const tags = ['battery groups'];

const nameTaken = (name: string) =>
  new HttpError(409, 'batteryGroups.nameTaken', 'errors.batteryGroupNameTaken', { name });

/** Runs a change of names; a name another group of the site has answers 409. */
async function withUniqueName<T>(db: Database, name: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    throw isNameTaken(error) ? nameTaken(name) : error;
  }
}

/** GET, POST /BatteryGroup; POST, DELETE /BatteryGroup/{id} (API calls), scoped to the group's site. */
export async function batteryGroupRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(batteryGroupsEndpoints.list, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSiteAccess(sites, request, request.query.operatingSiteId, FEATURE);
        return batteryGroupRepository(options.db).list(request.query.operatingSiteId);
      },
    }),
  );

  api.route(
    fromEndpoint(batteryGroupsEndpoints.create, {
      status: 201,
      config,
      schema: { tags },
      handler: async (request, reply) => {
        const { name, operatingSiteId } = request.body;
        const user = await requireSiteAccess(sites, request, operatingSiteId, FEATURE);
        const group = await withUniqueName(options.db, name, async (tx) => {
          const created = await batteryGroupRepository(tx).create(operatingSiteId, name);
          await auditRepository(tx).record({ userId: user.id, email: user.email }, [
            {
              action: AUDIT_ACTIONS.batteryGroupCreated,
              entityType: 'batteryGroup',
              entityId: String(created.id),
              siteIds: [operatingSiteId],
              next: { name },
            },
          ]);
          return created;
        });
        return reply.code(201).send(group);
      },
    }),
  );

  api.route(
    fromEndpoint(batteryGroupsEndpoints.rename, {
      config,
      schema: { tags },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const { id } = request.params;
        const { name } = request.body;
        const user = await requireSiteAccess(sites, request, siteId, FEATURE);
        return withUniqueName(options.db, name, async (tx) => {
          const groups = batteryGroupRepository(tx);
          const group = await groups.lock(siteId, id);
          if (!group) throw batteryGroupNotFound(id);
          if (group.name === name) return group;
          await groups.rename(id, name);
          await auditRepository(tx).record({ userId: user.id, email: user.email }, [
            {
              action: AUDIT_ACTIONS.batteryGroupRenamed,
              entityType: 'batteryGroup',
              entityId: String(id),
              siteIds: [siteId],
              previous: { name: group.name },
              next: { name },
            },
          ]);
          return { id, name };
        });
      },
    }),
  );

  /** Deletes the group; its batteries move to Ungrouped in the same transaction. */
  api.route(
    fromEndpoint(batteryGroupsEndpoints.remove, {
      config,
      schema: {
        tags,
      },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const { id } = request.params;
        const user = await requireSiteAccess(sites, request, siteId, FEATURE);
        return options.db.transaction(async (tx) => {
          const groups = batteryGroupRepository(tx);
          const group = await groups.lock(siteId, id);
          if (!group) throw batteryGroupNotFound(id);
          const moved = await groups.delete(id);
          await auditRepository(tx).record({ userId: user.id, email: user.email }, [
            {
              action: AUDIT_ACTIONS.batteryGroupDeleted,
              entityType: 'batteryGroup',
              entityId: String(id),
              siteIds: [siteId],
              previous: { name: group.name },
            },
          ]);
          return { movedToUngrouped: moved };
        });
      },
    }),
  );
}
