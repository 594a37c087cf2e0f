import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { mdloadLiveViewEndpoints } from '@cbm/contracts/endpoints/mdload-live-view';
import type { Feature } from '@cbm/contracts/features';
import { MDLOAD_LIVE_VIEW_CSV_FILENAME, type MdloadUnit } from '@cbm/contracts/mdload-live-view';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { type AuditRecord, auditRepository } from '../audit/audit-repository';
import { requireSitePermission } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { mdloadLiveViewCsv } from './mdload-live-view-csv';
import { mdloadLiveViewRepository } from './mdload-live-view-repository';

const FEATURE: Feature = 'cbm_mdliveview';
const PERMISSION = SITE_PERMISSIONS.mdloadLiveView;
const config = { features: [FEATURE] };
const tags = ['charger-station live view'];

const stationNotFound = (id: number) =>
  new HttpError(404, 'mdload.stationNotFound', 'errors.chargingStationNotFound', { id });
const chargerNotFound = (id: number) =>
  new HttpError(404, 'mdload.chargerNotFound', 'errors.mdloadChargerNotFound', { id });
const groupNotFound = (id: number) =>
  new HttpError(404, 'mdload.groupNotFound', 'errors.chargingStationGroupNotFound', { id });

/**
 * Charger-station live view (API calls MdLoadLiveView): the twins of the site, their CSV, and assigning a
 * charger or a group to a charging station ({id} = the station's id). Changes are audited; both answer the
 * station's unit as the list shows it, so the screen replaces that one twin.
 */
export async function mdloadLiveViewRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const twins = mdloadLiveViewRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const requireSite = (request: FastifyRequest, siteId: number) =>
    requireSitePermission(sites, request, siteId, FEATURE, PERMISSION);

  api.route(
    fromEndpoint(mdloadLiveViewEndpoints.list, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSite(request, request.query.operatingSiteId);
        return twins.list(request.query.operatingSiteId);
      },
    }),
  );

  api.route(
    fromEndpoint(mdloadLiveViewEndpoints.csv, {
      config,
      schema: {
        tags,
        response: { 200: z.string().describe('text/csv (UTF-8 with BOM; ; and , in German, , and . in English)') },
      },
      handler: async (request, reply) => {
        const siteId = request.query.operatingSiteId;
        await requireSite(request, siteId);
        const { units } = await twins.list(siteId);
        const csv = mdloadLiveViewCsv(units, request.language, await twins.timezone(siteId));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${MDLOAD_LIVE_VIEW_CSV_FILENAME}"`)
          .send(csv);
      },
    }),
  );

  /** A charger of the site to the station, or none (chargerId null); a charger taken from another station leaves it. */
  api.route(
    fromEndpoint(mdloadLiveViewEndpoints.assignCharger, {
      config,
      schema: { tags },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const user = await requireSite(request, siteId);
        const { chargerId } = request.body;
        const unitId = await options.db.transaction(async (tx) => {
          const repository = mdloadLiveViewRepository(tx);
          const station = await repository.lockStation(siteId, request.params.id);
          if (!station) throw stationNotFound(request.params.id);
          const charger = chargerId === null ? null : await repository.charger(siteId, chargerId);
          if (charger === undefined) throw chargerNotFound(chargerId as number);
          if (station.chargerId === chargerId) return station.unitId;
          const previousName = await repository.chargerName(station.chargerId);
          const others = chargerId === null ? [] : await repository.stationsWithCharger(chargerId, station.id);
          await repository.setCharger(
            others.map((other) => other.id),
            null,
          );
          await repository.setCharger([station.id], chargerId);
          const entry = { entityType: 'chargingStation' as const, action: AUDIT_ACTIONS.stationChargerAssigned };
          const records: AuditRecord[] = [
            ...others.map((other) => ({
              ...entry,
              entityId: other.serialNumber,
              siteIds: [siteId],
              previous: { chargerName: charger?.name ?? null },
              next: { chargerName: null },
            })),
            {
              ...entry,
              entityId: station.serialNumber,
              siteIds: [siteId],
              previous: { chargerName: previousName },
              next: { chargerName: charger?.name ?? null },
            },
          ];
          await auditRepository(tx).record({ userId: user.id, email: user.email }, records);
          return station.unitId;
        });
        return (await twins.unit(siteId, unitId)) as MdloadUnit;
      },
    }),
  );

  /** The station to another group of its unit. */
  api.route(
    fromEndpoint(mdloadLiveViewEndpoints.assignGroup, {
      config,
      schema: { tags },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        const user = await requireSite(request, siteId);
        const { groupId } = request.body;
        const unitId = await options.db.transaction(async (tx) => {
          const repository = mdloadLiveViewRepository(tx);
          const station = await repository.lockStation(siteId, request.params.id);
          if (!station) throw stationNotFound(request.params.id);
          const group = await repository.group(station.unitId, groupId);
          if (!group) throw groupNotFound(groupId);
          if (group.id === station.groupId) return station.unitId;
          await repository.setGroup(station.id, group.id);
          await auditRepository(tx).record({ userId: user.id, email: user.email }, [
            {
              action: AUDIT_ACTIONS.stationGroupChanged,
              entityType: 'chargingStation',
              entityId: station.serialNumber,
              siteIds: [siteId],
              previous: { groupName: station.groupName },
              next: { groupName: group.name },
            },
          ]);
          return station.unitId;
        });
        return (await twins.unit(siteId, unitId)) as MdloadUnit;
      },
    }),
  );
}
