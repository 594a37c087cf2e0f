import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { eventEndpoints } from '@cbm/contracts/endpoints/events';
import {
  type EventFilter,
  type EventProduct,
  type EventQuery,
  eventColumnsOf,
  type SavedEventFilter,
} from '@cbm/contracts/events';
import type { Feature } from '@cbm/contracts/features';
import { SITE_PERMISSIONS, type SitePermission } from '@cbm/contracts/site-permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { ReadDatabase } from '../../db/read-database';
import { forbidden, HttpError, siteNotFound } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { canAccessSite, siteRulesOf } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { eventFilterRepository } from './event-filter-repository';
import { filterConditions, unknownColumn } from './event-filter-sql';
import { checkEventRange } from './event-query-sql';
import { eventRepository } from './event-repository';
import { sqlColumnOf } from './event-sql-columns';

interface ProductRoutes {
  product: EventProduct;
  feature: Feature;
  /** Per-site permission the user must also hold at every site asked for. */
  permission?: SitePermission;
  tag: string;
  endpoints: (typeof eventEndpoints)[EventProduct];
}

const PRODUCTS: ProductRoutes[] = [
  {
    product: 'battery',
    feature: 'cbm_filter',
    tag: 'battery events',
    endpoints: eventEndpoints.battery,
  },
  {
    product: 'mdload',
    feature: 'cbm_mdevent',
    permission: SITE_PERMISSIONS.mdloadEvent,
    tag: 'charger-station events',
    endpoints: eventEndpoints.mdload,
  },
];

const filterNotFound = (id: number) =>
  new HttpError(404, 'events.filterNotFound', 'errors.eventFilterNotFound', { id });

/** The event API calls for batteries and charger stations: one implementation, two sets of paths. */
export async function eventRoutes(app: FastifyInstance, options: { db: Database; readDb: ReadDatabase }) {
  const sites = siteRepository(options.db);
  const events = eventRepository(options.readDb);
  const filters = eventFilterRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const routes of PRODUCTS) {
    const { product, feature } = routes;
    const config = { features: [feature] };
    const tags = [routes.tag];

    /** Every site asked for must be visible with the feature (404 otherwise, like an unknown one). */
    const requireSites = async (request: FastifyRequest, siteIds: readonly number[]) => {
      const user = await request.requireUser();
      for (const siteId of new Set(siteIds)) {
        if (!(await canAccessSite(sites, user, siteId, feature))) throw siteNotFound(siteId);
        if (routes.permission && !(await siteRulesOf(sites, user, siteId)).includes(routes.permission))
          throw forbidden();
      }
    };

    api.route(
      fromEndpoint(routes.endpoints.columns, {
        config,
        schema: { tags },
        handler: async () => eventColumnsOf(product),
      }),
    );

    const respond = async (request: FastifyRequest, query: Omit<EventQuery, 'filter'>, filter: EventFilter) => {
      checkEventRange(query);
      await requireSites(request, query.operatingSiteIds);
      return events.page(product, { ...query, filter }, request.language);
    };
    if (product === 'battery') {
      api.route(
        fromEndpoint(eventEndpoints.battery.page, {
          config,
          schema: { tags },
          handler: (request) => {
            const { batteryEventFilter, ...query } = request.body;
            return respond(request, query, batteryEventFilter);
          },
        }),
      );
    } else {
      api.route(
        fromEndpoint(eventEndpoints.mdload.page, {
          config,
          schema: { tags },
          handler: (request) => {
            const { mdloadEventFilter, ...query } = request.body;
            return respond(request, query, mdloadEventFilter);
          },
        }),
      );
    }

    api.route(
      fromEndpoint(routes.endpoints.filters, {
        config,
        schema: { tags },
        handler: async (request) => filters.list((await request.requireUser()).id, product),
      }),
    );

    api.route(
      fromEndpoint(routes.endpoints.saveFilter, {
        config,
        schema: { tags },
        handler: async (request) => {
          const user = await request.requireUser();
          const body = request.body;
          for (const name of body.columns) if (!sqlColumnOf(product, name)) throw unknownColumn(name);
          for (const filter of body.attributeFilters) filterConditions(product, filter, () => '$0', request.language);
          const columns = [...new Set(body.columns)];
          return options.db.transaction(async (tx) => {
            const repository = eventFilterRepository(tx);
            const before = await repository.find(user.id, product, body.name);
            const saved = await repository.save(user.id, product, { ...body, columns });
            await auditRepository(tx).record({ userId: user.id, email: user.email }, [
              {
                action: AUDIT_ACTIONS.eventFilterSaved,
                entityType: 'eventFilter',
                entityId: String(saved.id),
                siteIds: [],
                previous: before ? auditValue(before, product) : null,
                next: auditValue(saved, product),
              },
            ]);
            return saved;
          });
        },
      }),
    );

    api.route(
      fromEndpoint(routes.endpoints.deleteFilter, {
        config,
        schema: { tags, response: { 204: z.null() } },
        handler: async (request, reply) => {
          const user = await request.requireUser();
          await options.db.transaction(async (tx) => {
            const deleted = await eventFilterRepository(tx).delete(user.id, product, request.params.id);
            if (!deleted) throw filterNotFound(request.params.id);
            await auditRepository(tx).record({ userId: user.id, email: user.email }, [
              {
                action: AUDIT_ACTIONS.eventFilterDeleted,
                entityType: 'eventFilter',
                entityId: String(deleted.id),
                siteIds: [],
                previous: auditValue(deleted, product),
              },
            ]);
          });
          return reply.status(204).send(null);
        },
      }),
    );
  }
}

const auditValue = (filter: SavedEventFilter, product: EventProduct) => ({
  product,
  name: filter.name,
  columns: filter.columns,
  attributeFilters: filter.attributeFilters,
});
