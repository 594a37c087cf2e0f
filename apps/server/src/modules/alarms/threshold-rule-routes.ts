import { productOfMetric, type ThresholdRuleBody } from '@cbm/contracts/alarms';
import type { AlertProduct } from '@cbm/contracts/alerts';
import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { thresholdRuleEndpoints } from '@cbm/contracts/endpoints/threshold-rules';
import type { Feature } from '@cbm/contracts/features';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { recordAlertChange } from '../alerts/alert-audit';
import { requireSitePermission } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { alarmChanges } from './alarm-changes';
import { thresholdRuleRepository } from './threshold-rule-repository';

const ROUTES: Record<AlertProduct, { endpoints: (typeof thresholdRuleEndpoints)[AlertProduct]; feature: Feature }> = {
  battery: { endpoints: thresholdRuleEndpoints.battery, feature: 'cbm_alert' },
  mdload: { endpoints: thresholdRuleEndpoints.mdload, feature: 'cbm_mdlalert' },
};
const tags = ['alarms'];
const ruleNotFound = (id: number) =>
  new HttpError(404, 'thresholdRules.notFound', 'errors.thresholdRuleNotFound', { id });

/**
 * GET, POST {base}; PUT, DELETE {base}/{id}: threshold and silence rules of a site's batteries (/ThresholdRule,
 * `cbm_alert`) or its charger-station units' power rules (/mdload/MdloadThresholdRule, `cbm_mdlalert` and the site's
 * mdload Alert permission), like the event rules (decision 040); changes are audited as alerts.
 */
export async function thresholdRuleRoutes(
  app: FastifyInstance,
  { db, product }: { db: Database; product: AlertProduct },
) {
  const sites = siteRepository(db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { endpoints, feature } = ROUTES[product];
  const config = { features: [feature] };
  const permission = product === 'mdload' ? SITE_PERMISSIONS.mdloadAlert : undefined;
  const requireSite = (request: FastifyRequest, siteId: number) =>
    requireSitePermission(sites, request, siteId, feature, permission);
  /** The rule's metric must watch this product's devices, and its serials be the site's. */
  async function requireKnownDevices(tx: Queryable, body: ThresholdRuleBody) {
    if (productOfMetric(body.condition.metric) !== product) {
      throw new HttpError(400, 'thresholdRules.wrongDevices', 'errors.thresholdRuleWrongDevices');
    }
    await requireSerialsAtSite(tx, body.operatingSiteId, body.batterySerials);
  }

  async function requireSerialsAtSite(tx: Queryable, siteId: number, serials: readonly string[]) {
    if (serials.length === 0) return;
    const found = await tx.query<{ serial: string }>(
      product === 'battery'
        ? 'SELECT serial_number AS serial FROM battery WHERE operating_site_id = $1 AND serial_number = ANY($2::text[])'
        : 'SELECT mdload_serial AS serial FROM mdload_unit WHERE operating_site_id = $1 AND mdload_serial = ANY($2::text[])',
      [siteId, serials],
    );
    const unknown = serials.filter((serial) => !found.some((row) => row.serial === serial));
    if (unknown.length > 0) {
      throw new HttpError(400, 'thresholdRules.unknownSerials', 'errors.thresholdRuleUnknownSerials', {
        items: unknown.join(', '),
      });
    }
  }

  api.route(
    fromEndpoint(endpoints.list, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSite(request, request.query.operatingSiteId);
        return thresholdRuleRepository(db).list(request.query.operatingSiteId, product);
      },
    }),
  );

  api.route(
    fromEndpoint(endpoints.create, {
      status: 201,
      config,
      schema: { tags },
      handler: async (request, reply) => {
        const { body } = request;
        const user = await requireSite(request, body.operatingSiteId);
        const rule = await db.transaction(async (tx) => {
          await requireKnownDevices(tx, body);
          const created = await thresholdRuleRepository(tx).create(body, user.id, request.language);
          await recordAlertChange(tx, user, AUDIT_ACTIONS.alertCreated, body.operatingSiteId, created.id, {
            next: created,
          });
          return created;
        });
        return reply.code(201).send(rule);
      },
    }),
  );

  api.route(
    fromEndpoint(endpoints.update, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { body } = request;
        const { id } = request.params;
        const user = await requireSite(request, body.operatingSiteId);
        return db.transaction(async (tx) => {
          const rules = thresholdRuleRepository(tx);
          const previous = await rules.lock(body.operatingSiteId, product, id);
          if (!previous) throw ruleNotFound(id);
          await requireKnownDevices(tx, body);
          const updated = await rules.update(id, body);
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
        const cleared = await db.transaction(async (tx) => {
          const rules = thresholdRuleRepository(tx);
          const previous = await rules.lock(siteId, product, id);
          if (!previous) throw ruleNotFound(id);
          const closed = await rules.delete(id);
          await recordAlertChange(tx, user, AUDIT_ACTIONS.alertDeleted, siteId, id, { previous });
          return closed;
        });
        app.devices.live.publishAlarms(alarmChanges('cleared', cleared));
        return { id };
      },
    }),
  );
}
