import { Readable } from 'node:stream';
import { dataExportFilename, EXPORT_ALL_BATTERIES } from '@cbm/contracts/data-export';
import { statisticsEndpoints } from '@cbm/contracts/endpoints/statistics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { ReadDatabase } from '../../db/read-database';
import { fromEndpoint } from '../../route-from-endpoint';
import { siteRepository } from '../sites/site-repository';
import { dayRange } from '../statistics/periods';
import { requireStatisticsAccess, STATISTICS_FEATURE } from '../statistics/statistics-access';
import { noDataFound, type Selection, statisticsService } from '../statistics/statistics-service';
import { exportCsv } from './export-stream';

/**
 * The data export (screens and routes, entity fields; the spec names no call;
 * docs/decisions/014-statistics-and-export.md): a CSV streamed in batches of batteries (export-stream.ts).
 */
export async function dataExportRoutes(app: FastifyInstance, options: { db: Database; readDb: ReadDatabase }) {
  const sites = siteRepository(options.db);
  const statistics = statisticsService(options.readDb);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route(
    fromEndpoint(statisticsEndpoints.export, {
      config: { features: [STATISTICS_FEATURE] },
      schema: {
        tags: ['statistics'],
        response: { 200: z.string().describe('text/csv (UTF-8 with BOM; ; and , in German, , and . in English)') },
      },
      handler: async (request, reply) => {
        const { query } = request;
        await requireStatisticsAccess(sites, request, query.operatingSiteId);
        const named = query.serials.filter((serial) => serial !== EXPORT_ALL_BATTERIES);
        const all = named.length < query.serials.length;
        const batteries = await statistics.chosenBatteries(query.operatingSiteId, named, { all });
        const timeZone = await statistics.zoneOf(query);
        const range = dayRange(query.from, query.to, timeZone);
        const source = await statistics.daySource(query.operatingSiteId, range);
        const serials = batteries.map((battery) => battery.serialNumber);
        const selection: Selection = {
          siteId: query.operatingSiteId,
          range,
          granularity: 'day',
          groupBy: 'serial',
          keys: serials,
        };
        if (!(await statistics.anyData(selection, source))) throw noDataFound(serials, range);
        const plan = { query: { ...query, timeZone }, range, source, batteries, language: request.language };
        // A client that goes away closes the response: the export starts no further query.
        const gone = new AbortController();
        reply.raw.once('close', () => gone.abort());
        // Fastify pipes a stream as it is, with backpressure (also through the compressor), and destroys it
        // when the response closes early; the response schema documents the text it carries.
        const stream = Readable.from(exportCsv(statistics, plan, { signal: gone.signal })) as unknown as string;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${dataExportFilename(range.firstDate, range.lastDate)}"`,
          )
          .send(stream);
      },
    }),
  );
}
