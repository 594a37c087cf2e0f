import {
  thresholdRuleBodySchema,
  thresholdRuleQuerySchema,
  thresholdRuleSchema,
  thresholdRulesSchema,
} from '@cbm/contracts/alarms';
import { alertParamsSchema } from '@cbm/contracts/alerts';
import { AUDIT_ACTIONS, type AuditAction } from '@cbm/contracts/audit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http-error';
import { auditRepository } from '../audit/audit-repository';
import { requireSiteAccess } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { thresholdRuleRepository } from './threshold-rule-repository';

const BASE = '/api/v2/ThresholdRule';
const config = { features: ['cbm_alert' as const] };
const tags = ['alarms'];
const ruleNotFound = (id: number) =>
  new HttpError(404, 'thresholdRules.notFound', 'errors.thresholdRuleNotFound', { id });

/**
 * GET, POST /api/v2/ThresholdRule; PUT, DELETE /api/v2/ThresholdRule/{id}: threshold and silence rules of a site's
 * batteries (decision 040), with `cbm_alert` at the site like the event rules; changes are audited as alerts.
 */
export async function thresholdRuleRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const sites = siteRepository(db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const requireSite = (request: FastifyRequest, siteId: number) =>
    requireSiteAccess(sites, request, siteId, 'cbm_alert');

  async function requireSerialsAtSite(tx: Queryable, siteId: number, serials: readonly string[]) {
    if (serials.length === 0) return;
    const found = await tx.query<{ serial: string }>(
      'SELECT serial_number AS serial FROM battery WHERE operating_site_id = $1 AND serial_number = ANY($2::text[])',
      [siteId, serials],
    );
    const unknown = serials.filter((serial) => !found.some((row) => row.serial === serial));
    if (unknown.length > 0) {
      throw new HttpError(400, 'thresholdRules.unknownSerials', 'errors.thresholdRuleUnknownSerials', {
        items: unknown.join(', '),
      });
    }
  }

  const audit = (
    tx: Queryable,
    user: { id: number; email: string },
    action: AuditAction,
    siteId: number,
    id: number,
    change: { previous?: object; next?: object },
  ) =>
    auditRepository(tx).record({ userId: user.id, email: user.email }, [
      {
        action,
        entityType: 'alert',
        entityId: String(id),
        siteIds: [siteId],
        previous: change.previous as Record<string, unknown> | undefined,
        next: change.next as Record<string, unknown> | undefined,
      },
    ]);

  api.get(BASE, {
    config,
    schema: { tags, querystring: thresholdRuleQuerySchema, response: { 200: thresholdRulesSchema } },
    handler: async (request) => {
      await requireSite(request, request.query.operatingSiteId);
      return thresholdRuleRepository(db).list(request.query.operatingSiteId);
    },
  });

  api.post(BASE, {
    config,
    schema: { tags, body: thresholdRuleBodySchema, response: { 201: thresholdRuleSchema } },
    handler: async (request, reply) => {
      const { body } = request;
      const user = await requireSite(request, body.operatingSiteId);
      const rule = await db.transaction(async (tx) => {
        await requireSerialsAtSite(tx, body.operatingSiteId, body.batterySerials);
        const created = await thresholdRuleRepository(tx).create(body, user.id, request.language);
        await audit(tx, user, AUDIT_ACTIONS.alertCreated, body.operatingSiteId, created.id, { next: created });
        return created;
      });
      return reply.code(201).send(rule);
    },
  });

  api.put(`${BASE}/:id`, {
    config,
    schema: { tags, params: alertParamsSchema, body: thresholdRuleBodySchema, response: { 200: thresholdRuleSchema } },
    handler: async (request) => {
      const { body } = request;
      const { id } = request.params;
      const user = await requireSite(request, body.operatingSiteId);
      return db.transaction(async (tx) => {
        const rules = thresholdRuleRepository(tx);
        const previous = await rules.lock(body.operatingSiteId, id);
        if (!previous) throw ruleNotFound(id);
        await requireSerialsAtSite(tx, body.operatingSiteId, body.batterySerials);
        const updated = await rules.update(id, body);
        await audit(tx, user, AUDIT_ACTIONS.alertUpdated, body.operatingSiteId, id, { previous, next: updated });
        return updated;
      });
    },
  });

  api.delete(`${BASE}/:id`, {
    config,
    schema: {
      tags,
      params: alertParamsSchema,
      querystring: thresholdRuleQuerySchema,
      response: { 200: z.object({ id: z.number().int() }) },
    },
    handler: async (request) => {
      const siteId = request.query.operatingSiteId;
      const { id } = request.params;
      const user = await requireSite(request, siteId);
      return db.transaction(async (tx) => {
        const rules = thresholdRuleRepository(tx);
        const previous = await rules.lock(siteId, id);
        if (!previous) throw ruleNotFound(id);
        await rules.delete(id);
        await audit(tx, user, AUDIT_ACTIONS.alertDeleted, siteId, id, { previous });
        return { id };
      });
    },
  });
}
