import { statisticsEndpoints } from '@cbm/contracts/endpoints/statistics';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import type { ReadDatabase } from '../../db/read-database';
import { fromEndpoint } from '../../route-from-endpoint';
import { siteRepository } from '../sites/site-repository';
import { requireStatisticsAccess, STATISTICS_FEATURE } from './statistics-access';
import { statisticsRepository } from './statistics-repository';
import { loadStatistics, statisticsJson } from './statistics-service';

const config = { features: [STATISTICS_FEATURE] };
const tags = ['statistics'];

/** The battery statistics API calls (docs/decisions/014-statistics-and-export.md). */
export async function statisticsRoutes(app: FastifyInstance, options: { db: Database; readDb: ReadDatabase }) {
  const sites = siteRepository(options.db);
  const statistics = statisticsRepository(options.readDb);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(statisticsEndpoints.statistics, {
      config,
      schema: { tags },
      handler: async (request, reply) => {
        await requireStatisticsAccess(sites, request, request.query.operatingSiteId);
        // Sent as JSON text (statisticsJson), which the typed reply does not know: the document the
        // response schema describes, without serialising a year of 1,000 series (730,000 numbers) again.
        const asOf = (await options.readDb.figuresAsOf()) ?? undefined;
        const json = statisticsJson({ ...(await loadStatistics(statistics, request.query, request.language)), asOf });
        return (reply as FastifyReply).type('application/json').send(json);
      },
    }),
  );

  api.route(
    fromEndpoint(statisticsEndpoints.batteries, {
      config,
      schema: { tags },
      handler: async (request) => {
        await requireStatisticsAccess(sites, request, request.query.operatingSiteId);
        return statistics.batteries(request.query.operatingSiteId);
      },
    }),
  );
}
