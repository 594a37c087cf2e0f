import { ingestMetricsSchema, metricsQuerySchema } from '@cbm/contracts/ingest-metrics';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type IngestMetrics, prometheusText } from './ingest-metrics';

/** GET /api/v2/metrics: ingestion counters for administrators (cbm_osadmin; docs/decisions/009-device-ingestion.md). */
export async function metricsRoutes(app: FastifyInstance, options: { metrics: IngestMetrics }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v2/metrics', {
    config: { features: ['cbm_osadmin'] },
    schema: {
      tags: ['devices'],
      summary: 'Ingestion counters (JSON, or the Prometheus text format with format=prometheus)',
      querystring: metricsQuerySchema,
      response: { 200: ingestMetricsSchema },
    },
    handler: async (request, reply) => {
      const snapshot = options.metrics.snapshot();
      if (request.query.format === 'json') return snapshot;
      return (reply as FastifyReply).type('text/plain; version=0.0.4; charset=utf-8').send(prometheusText(snapshot));
    },
  });
}
