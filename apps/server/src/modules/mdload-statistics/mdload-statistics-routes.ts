import { mdloadStatisticsEndpoints } from '@cbm/contracts/endpoints/mdload-statistics';
import type { Feature } from '@cbm/contracts/features';
import { MDLOAD_POWER_HOURLY_MAX_DAYS, type MdloadStatisticQuery } from '@cbm/contracts/mdload-statistics';
import { SITE_PERMISSIONS } from '@cbm/contracts/site-permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { fromEndpoint } from '../../route-from-endpoint';
import { requireSitePermission } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { statisticsService } from '../statistics/statistics-service';
import { mdloadStatisticsRepository, type StatisticRange } from './mdload-statistics-repository';

const FEATURE: Feature = 'cbm_mdstatistic';
const config = { features: [FEATURE] };
const tags = ['charger-station statistics'];
const DAY_MS = 86_400_000;

/**
 * Charger-station statistics (API calls MdLoadStatistic): consumption with its summary, power, start-SoC, data range.
 */
export async function mdloadStatisticsRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const statistics = mdloadStatisticsRepository(options.db);
  const batteryStatistics = statisticsService(options.db);
  /** The range of the call, in the zone it names or else the site's own (as battery statistics, decision 027). */
  const rangeOf = async (query: MdloadStatisticQuery): Promise<StatisticRange> => ({
    siteId: query.operatingSiteId,
    timeZone: await batteryStatistics.zoneOf(query),
    from: query.startTime ? new Date(query.startTime) : null,
    to: query.endTime ? new Date(query.endTime) : null,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const requireSite = (request: FastifyRequest, siteId: number) =>
    requireSitePermission(sites, request, siteId, FEATURE, SITE_PERMISSIONS.mdloadStatistic);

  api.route(
    fromEndpoint(mdloadStatisticsEndpoints.availableTime, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSite(request, request.query.operatingSiteId);
        return statistics.availableTime(request.query.operatingSiteId);
      },
    }),
  );

  api.route(
    fromEndpoint(mdloadStatisticsEndpoints.consumption, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSite(request, request.query.operatingSiteId);
        const range = await rangeOf(request.query);
        const { units, days, totalKwh } = await statistics.consumption(range);
        return { units, days, summary: await statistics.summary(range, totalKwh) };
      },
    }),
  );

  api.route(
    fromEndpoint(mdloadStatisticsEndpoints.power, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSite(request, request.query.operatingSiteId);
        const range = await rangeOf(request.query);
        const span = range.from ? (range.to?.getTime() ?? Date.now()) - range.from.getTime() : Number.POSITIVE_INFINITY;
        return statistics.power(range, span <= MDLOAD_POWER_HOURLY_MAX_DAYS * DAY_MS ? 'hour' : 'day');
      },
    }),
  );

  api.route(
    fromEndpoint(mdloadStatisticsEndpoints.startSoc, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireSite(request, request.query.operatingSiteId);
        return statistics.startSoc(await rangeOf(request.query));
      },
    }),
  );
}
