import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { alarmsEndpoints } from '@cbm/contracts/endpoints/alarms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { requireSiteAccess } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { alarmSites, maySee } from './alarm-access';
import { alarmChanges } from './alarm-changes';
import { alarmRepository } from './alarm-repository';

const alarmNotFound = (id: number) => new HttpError(404, 'alarms.notFound', 'errors.alarmNotFound', { id });
const config = { features: ['cbm_alert', 'cbm_mdlalert'] as const };
const tags = ['alarms'];

/**
 * GET /api/v2/Alarm (a site's alarms, or those of every site the user may see) and
 * POST /api/v2/Alarm/{id}/acknowledge (decision 040). An alarm the user may not see answers 404. An acknowledgement
 * reaches the other browsers watching the site through the live stream (decision 044).
 */
export async function alarmRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const sites = siteRepository(db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(alarmsEndpoints.list, {
      config: { features: [...config.features] },
      schema: { tags },
      handler: async (request) => {
        const { operatingSiteId, state } = request.query;
        const user = await request.requireUser();
        if (operatingSiteId !== undefined) await requireSiteAccess(sites, request, operatingSiteId);
        const visible = await alarmSites(sites, user);
        const siteIds = [...new Set([...visible.battery, ...visible.mdload])].filter(
          (id) => operatingSiteId === undefined || id === operatingSiteId,
        );
        const alarms = await alarmRepository(db).list(siteIds, state, request.language);
        return alarms.filter((alarm) => maySee(visible, alarm));
      },
    }),
  );

  api.route(
    fromEndpoint(alarmsEndpoints.acknowledge, {
      config: { features: [...config.features] },
      schema: { tags },
      handler: async (request) => {
        const { id } = request.params;
        const user = await request.requireUser();
        const visible = await alarmSites(sites, user);
        const acknowledged = await db.transaction(async (tx) => {
          const alarms = alarmRepository(tx);
          const locked = await alarms.lock(id);
          const previous = locked && (await alarms.get(id, request.language));
          if (!previous || !maySee(visible, previous)) throw alarmNotFound(id);
          await alarms.acknowledge(id, user, request.body.comment);
          const next = (await alarms.get(id, request.language)) as NonNullable<typeof previous>;
          await auditRepository(tx).record({ userId: user.id, email: user.email }, [
            {
              action: AUDIT_ACTIONS.alarmAcknowledged,
              entityType: 'alarm',
              entityId: String(id),
              siteIds: [previous.operatingSiteId],
              previous: { state: previous.state, acknowledgedBy: previous.acknowledgedBy, comment: previous.comment },
              next: { state: next.state, acknowledgedBy: next.acknowledgedBy, comment: next.comment },
            },
          ]);
          return next;
        });
        app.devices.live.publishAlarms(alarmChanges('acknowledged', [acknowledged]));
        return acknowledged;
      },
    }),
  );
}
