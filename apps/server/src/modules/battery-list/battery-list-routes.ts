import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import type { Command } from '@cbm/contracts/device-protocol';
import { batteryListEndpoints } from '@cbm/contracts/endpoints/battery-list';
import type { Feature } from '@cbm/contracts/features';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { batteryNotFound } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { auditRepository } from '../audit/audit-repository';
import { requireSiteAccess } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { batteryListRepository } from './battery-list-repository';

const FEATURE: Feature = 'cbm_view';
const config = { features: [FEATURE] };
const tags = ['battery list'];

/** The expert battery list's API call (cbm_view): every battery field, expected versions, remote debugging. */
export async function batteryListRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const batteries = batteryListRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(batteryListEndpoints.list, {
      config,
      schema: { tags },
      handler: async (request) => {
        const { operatingSiteIds, offset, limit } = request.query;
        for (const siteId of operatingSiteIds) await requireSiteAccess(sites, request, siteId, FEATURE);
        return batteries.list(operatingSiteIds, { offset, limit });
      },
    }),
  );

  api.route(
    fromEndpoint(batteryListEndpoints.expectedVersions, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSiteAccess(sites, request, request.query.operatingSiteId, FEATURE);
        return batteries.expectedVersions(request.query.operatingSiteId);
      },
    }),
  );

  api.route(
    fromEndpoint(batteryListEndpoints.battery, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSiteAccess(sites, request, request.query.operatingSiteId, FEATURE);
        const battery = await batteries.find(request.query.operatingSiteId, request.params.serial);
        if (!battery) throw batteryNotFound(request.params.serial);
        return battery;
      },
    }),
  );

  /**
   * Sends remoteDebugging to the battery (docs/protocol.md): SSH for one hour; answers until when. A GET
   * (API calls), so marked as changing state: a link on another site must not switch it on (decision 005).
   */
  api.route(
    fromEndpoint(batteryListEndpoints.enableRemote, {
      config: { ...config, changesState: true },
      schema: { tags },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const user = await requireSiteAccess(sites, request, siteId, FEATURE);
        const { serial } = request.params;
        if (!(await batteries.find(siteId, serial))) throw batteryNotFound(serial);
        const sent = await app.devices.sendCommand(serial, { type: 'remoteDebugging' }, { issuedBy: user.id });
        const until = (sent.command as Extract<Command, { type: 'remoteDebugging' }>).until;
        await auditRepository(options.db).record({ userId: user.id, email: user.email }, [
          {
            action: AUDIT_ACTIONS.remoteDebuggingEnabled,
            entityType: 'battery',
            entityId: serial,
            siteIds: [siteId],
            next: { until },
          },
        ]);
        return { batterySerialNumber: serial, until };
      },
    }),
  );
}
