import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { liveViewEndpoints } from '@cbm/contracts/endpoints/live-view';
import type { Feature } from '@cbm/contracts/features';
import {
  LIVE_VIEW_CSV_FILENAME,
  LIVE_VIEW_UP_TO_DATE_SECONDS,
  type LiveViewResponse,
  type liveViewBatterySchema,
  liveViewCompactResponseSchema,
  liveViewResponseSchema,
} from '@cbm/contracts/live-view';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { batteryGroupNotFound, batteryNotFound } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { type AuditRecord, auditRepository } from '../audit/audit-repository';
import { batteryGroupService } from '../battery-groups/battery-group-service';
import { requireSiteAccess } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { liveViewCsv } from './live-view-csv';
import { liveViewRepository } from './live-view-repository';

const FEATURE: Feature = 'cbm_liveview';
const config = { features: [FEATURE] };
const tags = ['live view'];

/** The Live View's API calls, all scoped to the site (cbm_liveview and site access). */
export async function liveViewRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const batteries = liveViewRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(liveViewEndpoints.list, {
      config,
      schema: {
        tags,
        response: { 200: z.union([liveViewResponseSchema, liveViewCompactResponseSchema]) },
      },
      handler: async (request, reply) => {
        const { operatingSiteId, ...page } = request.query;
        await requireSiteAccess(sites, request, operatingSiteId, FEATURE);
        // Built by the database in the shape of the response schema (the API tests parse it with that schema);
        // Fastify sends a string as it is, so the type is only asserted here.
        const body = (await batteries.listJson(operatingSiteId, page)) as unknown as LiveViewResponse;
        return reply.type('application/json; charset=utf-8').send(body);
      },
    }),
  );

  api.route(
    fromEndpoint(liveViewEndpoints.csv, {
      config,
      schema: {
        tags,
        response: { 200: z.string().describe('text/csv (UTF-8 with BOM; ; and , in German, , and . in English)') },
      },
      handler: async (request, reply) => {
        const { operatingSiteId, search } = request.query;
        await requireSiteAccess(sites, request, operatingSiteId, FEATURE);
        const { batteries: rows } = await batteries.list(operatingSiteId, { offset: 0, limit: 1_000_000, search });
        const csv = liveViewCsv(rows, request.language, await batteries.timezone(operatingSiteId));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${LIVE_VIEW_CSV_FILENAME}"`)
          .send(csv);
      },
    }),
  );

  api.route(
    fromEndpoint(liveViewEndpoints.suggestions, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSiteAccess(sites, request, request.query.operatingSiteId, FEATURE);
        return batteries.suggest(request.query.operatingSiteId, request.query.search);
      },
    }),
  );

  api.route(
    fromEndpoint(liveViewEndpoints.connectivity, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSiteAccess(sites, request, request.query.operatingSiteId, FEATURE);
        return batteries.connectivity(request.query.operatingSiteId);
      },
    }),
  );

  api.route(
    fromEndpoint(liveViewEndpoints.battery, {
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

  /** Moves the battery to a group ('' or null: Ungrouped) and/or renames it. */
  api.route(
    fromEndpoint(liveViewEndpoints.changeBattery, {
      config,
      schema: { tags },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const { serial } = request.params;
        const user = await requireSiteAccess(sites, request, siteId, FEATURE);
        await options.db.transaction(async (tx) => {
          const current = await liveViewRepository(tx).lock(siteId, serial);
          if (!current) throw batteryNotFound(serial);
          const { groupId: requested, batteryName = current.batteryName } = request.body;
          const groupId = requested === undefined ? current.groupId : requested || null;
          const groups = batteryGroupService(tx);
          const group = groupId === null ? null : await groups.lock(siteId, groupId);
          if (group === undefined) throw batteryGroupNotFound(groupId as number);
          const records: AuditRecord[] = [];
          const entry = { entityType: 'battery' as const, entityId: serial, siteIds: [siteId] };
          if (batteryName !== current.batteryName) {
            const previous = { batteryName: current.batteryName };
            records.push({ ...entry, action: AUDIT_ACTIONS.batteryRenamed, previous, next: { batteryName } });
          }
          if (groupId !== current.groupId) {
            const before = current.groupId === null ? null : await groups.lock(siteId, current.groupId);
            records.push({
              ...entry,
              action: AUDIT_ACTIONS.batteryGroupChanged,
              previous: { groupName: before?.name ?? null },
              next: { groupName: group?.name ?? null },
            });
          }
          if (records.length === 0) return;
          await liveViewRepository(tx).update(serial, { batteryName, groupId });
          await auditRepository(tx).record({ userId: user.id, email: user.email }, records);
        });
        return (await batteries.find(siteId, serial)) as z.infer<typeof liveViewBatterySchema>;
      },
    }),
  );

  /**
   * Sends the refresh command and answers at once with the battery's last data time: the screen polls
   * GET …/{serial} until it is newer. A battery that reported within the last few seconds is already up to date.
   * A GET (API calls) that sends a command, so refused from other sites like a POST (decision 005).
   */
  api.route(
    fromEndpoint(liveViewEndpoints.dataRefresh, {
      config: { ...config, changesState: true },
      schema: { tags },
      handler: async (request) => {
        const user = await requireSiteAccess(sites, request, request.query.operatingSiteId, FEATURE);
        const { serial } = request.params;
        const battery = await batteries.find(request.query.operatingSiteId, serial);
        if (!battery) throw batteryNotFound(serial);
        const { lastDataTimestamp } = battery;
        const age = lastDataTimestamp ? Date.now() - Date.parse(lastDataTimestamp) : Number.POSITIVE_INFINITY;
        // Data from the future (a device clock running ahead) says nothing about how fresh it is.
        if (age >= 0 && age < LIVE_VIEW_UP_TO_DATE_SECONDS * 1000) return { lastDataTimestamp, upToDate: true };
        await app.devices.sendCommand(serial, { type: 'refresh' }, { issuedBy: user.id });
        return { lastDataTimestamp, upToDate: false };
      },
    }),
  );
}
