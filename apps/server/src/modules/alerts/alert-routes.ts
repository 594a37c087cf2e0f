import { type AlertBody, type AlertProduct, chosenGroupIds } from '@cbm/contracts/alerts';
import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { alertEndpoints } from '@cbm/contracts/endpoints/alerts';
import type { Feature } from '@cbm/contracts/features';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { requireSitePermission } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { recordAlertChange } from './alert-audit';
import { alertFilterRepository } from './alert-filter-repository';
import { alertRepository } from './alert-repository';

interface ProductRoutes {
  endpoints: (typeof alertEndpoints)[AlertProduct];
  feature: Feature;
  tag: string;
}

export const ALERT_ROUTES: Record<AlertProduct, ProductRoutes> = {
  battery: { endpoints: alertEndpoints.battery, feature: 'cbm_alert', tag: 'alerts' },
  mdload: { endpoints: alertEndpoints.mdload, feature: 'cbm_mdlalert', tag: 'charger-station alerts' },
};

const alertNotFound = (id: number) => new HttpError(404, 'alerts.notFound', 'errors.alertNotFound', { id });

/**
 * GET, POST {base}; PUT, DELETE {base}/{id}; GET {base}/filter/batteryTypes, /batteries, /groups (API calls),
 * for battery alerts (/Alert) or charger-station alerts (/mdload/MdloadAlert, also needing the site's
 * mdload Alert permission). Another site's alert answers 404 and is never touched.
 */
export async function alertRoutes(app: FastifyInstance, options: { db: Database; product: AlertProduct }) {
  const { db, product } = options;
  const { endpoints, feature, tag } = ALERT_ROUTES[product];
  const sites = siteRepository(db);
  const config = { features: [feature] };
  const tags = [tag];
  const api = app.withTypeProvider<ZodTypeProvider>();

  const permission = product === 'mdload' ? SITE_PERMISSIONS.mdloadAlert : undefined;
  const requireSite = (request: FastifyRequest, siteId: number) =>
    requireSitePermission(sites, request, siteId, feature, permission);

  async function requireKnownSelection(tx: Queryable, body: AlertBody) {
    const groupIds = chosenGroupIds(body.groupId);
    const unknown = await alertFilterRepository(tx, product).unknownAtSite(
      body.operatingSiteId,
      body.batterySerials,
      groupIds,
    );
    const items = [...unknown.serials, ...unknown.groupIds.map(String)];
    if (items.length > 0) {
      throw new HttpError(400, 'alerts.unknownSelection', 'errors.alertUnknownSelection', { items: items.join(', ') });
    }
  }

  api.route(
    fromEndpoint(endpoints.list, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSite(request, request.query.operatingSiteId);
        return alertRepository(db, product).list(request.query.operatingSiteId);
      },
    }),
  );

  api.route(
    fromEndpoint(endpoints.create, {
      status: 201,
      config,
      schema: { tags },
      handler: async (request, reply) => {
        const body = request.body;
        const user = await requireSite(request, body.operatingSiteId);
        const alert = await db.transaction(async (tx) => {
          await requireKnownSelection(tx, body);
          const created = await alertRepository(tx, product).create(body, user.id, request.language);
          const { id: _, ...next } = created;
          await recordAlertChange(tx, user, AUDIT_ACTIONS.alertCreated, body.operatingSiteId, created.id, { next });
          return created;
        });
        return reply.code(201).send(alert);
      },
    }),
  );

  api.route(
    fromEndpoint(endpoints.update, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { body } = request;
        const user = await requireSite(request, body.operatingSiteId);
        return db.transaction(async (tx) => {
          const alerts = alertRepository(tx, product);
          const { id } = request.params;
          const previous = await alerts.lock(body.operatingSiteId, id);
          if (!previous) throw alertNotFound(id);
          await requireKnownSelection(tx, body);
          const updated = await alerts.update(id, body);
          await recordAlertChange(tx, user, AUDIT_ACTIONS.alertUpdated, body.operatingSiteId, id, {
            previous,
            next: updated,
          });
          return updated;
        });
      },
    }),
  );

  api.route(
    fromEndpoint(endpoints.remove, {
      config,
      schema: {
        tags,
      },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const { id } = request.params;
        const user = await requireSite(request, siteId);
        return db.transaction(async (tx) => {
          const alerts = alertRepository(tx, product);
          const previous = await alerts.lock(siteId, id);
          if (!previous) throw alertNotFound(id);
          await alerts.delete(id);
          await recordAlertChange(tx, user, AUDIT_ACTIONS.alertDeleted, siteId, id, { previous });
          return { id };
        });
      },
    }),
  );

  const filters = alertFilterRepository(db, product);

  api.route(
    fromEndpoint(endpoints.batteryTypes, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSite(request, request.query.operatingSiteId);
        return filters.types(request.query.operatingSiteId);
      },
    }),
  );

  api.route(
    fromEndpoint(endpoints.batteries, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSite(request, request.query.operatingSiteId);
        return filters.devices(request.query.operatingSiteId);
      },
    }),
  );

  /** Not among the API calls: the form's groups, so that alerts need no Live View feature (GET /BatteryGroup). */
  api.route(
    fromEndpoint(endpoints.groups, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSite(request, request.query.operatingSiteId);
        return filters.groups(request.query.operatingSiteId);
      },
    }),
  );
}
