import { batteryCareEndpoints } from '@cbm/contracts/endpoints/battery-care';
import type { Feature } from '@cbm/contracts/features';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { batteryNotFound } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import { requireSiteAccess } from '../sites/site-access';
import { siteRepository } from '../sites/site-repository';
import { dayRange } from '../statistics/periods';
import { requireStatisticsAccess, STATISTICS_FEATURE } from '../statistics/statistics-access';
import { statisticsService } from '../statistics/statistics-service';
import { careOfBatteries } from './battery-care-service';
import { lifecycleOf } from './lifecycle';
import { lifecycleRepository } from './lifecycle-repository';
import { replacementPlanOf } from './replacement-service';
import { rightSizing } from './right-sizing';
import { rightSizingRepository } from './right-sizing-repository';

/** The lifecycle sits on the battery page beside its details (cbm_view, site access). */
const LIFECYCLE_FEATURE: Feature = 'cbm_view';

const config = { features: [STATISTICS_FEATURE] };
const tags = ['battery care'];
const today = () => new Date().toISOString().slice(0, 10);

/** Battery care (issue 51): who may see the site's statistics sees its care counters (cbm_statistic + Statistic). */
export async function batteryCareRoutes(app: FastifyInstance, options: { db: Database }) {
  const sites = siteRepository(options.db);
  const statistics = statisticsService(options.db);
  const lifecycles = lifecycleRepository(options.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(batteryCareEndpoints.care, {
      config,
      schema: { tags, summary: 'Care counters, care score and their evidence per battery over whole local days' },
      handler: async (request) => {
        const { operatingSiteId: siteId, serials, from, to } = request.query;
        await requireStatisticsAccess(sites, request, siteId);
        const batteries = await statistics.chosenBatteries(siteId, serials, { all: serials.length === 0 });
        const range = dayRange(from, to, await statistics.zoneOf(request.query));
        return careOfBatteries(options.db, siteId, range, batteries);
      },
    }),
  );

  api.route(
    fromEndpoint(batteryCareEndpoints.rightSizing, {
      config,
      schema: {
        tags,
        summary: 'The most batteries in use at once against the fleet size, per hour of the day, and those never used',
      },
      handler: async (request) => {
        const { operatingSiteId: siteId, from, to } = request.query;
        await requireStatisticsAccess(sites, request, siteId);
        const batteries = await statistics.chosenBatteries(siteId, [], { all: true });
        const range = dayRange(from, to, await statistics.zoneOf(request.query));
        const hours = rightSizingRepository(options.db);
        const [inUse, used] = [
          await hours.hoursInUse(siteId, range.startMs, range.endMs),
          await hours.usedSerials(siteId, range.startMs, range.endMs),
        ];
        return rightSizing(range, inUse, batteries, used);
      },
    }),
  );

  api.route(
    fromEndpoint(batteryCareEndpoints.replacement, {
      config,
      schema: {
        tags,
        summary: 'The batteries due for replacement within 3, 6 and 12 months (SoH end of life or a limit), with cost',
      },
      handler: async (request) => {
        const siteId = request.query.operatingSiteId;
        await requireStatisticsAccess(sites, request, siteId);
        const batteries = await statistics.chosenBatteries(siteId, [], { all: true });
        return replacementPlanOf(options.db, siteId, batteries, today());
      },
    }),
  );

  api.route(
    fromEndpoint(batteryCareEndpoints.lifecycle, {
      config: { features: [LIFECYCLE_FEATURE] },
      schema: {
        tags,
        summary: "A battery's SoH history, throughput and hours against its limits, and when it reaches each",
      },
      handler: async (request) => {
        const { serial } = request.params;
        await requireSiteAccess(sites, request, request.query.operatingSiteId, LIFECYCLE_FEATURE);
        const battery = await lifecycles.battery(serial, request.query.operatingSiteId);
        if (!battery) throw batteryNotFound(serial);
        return lifecycleOf(serial, battery, await lifecycles.days(serial), today());
      },
    }),
  );
}
