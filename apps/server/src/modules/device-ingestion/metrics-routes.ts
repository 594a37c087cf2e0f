import { type BrokerMetrics, metricsQuerySchema, serverMetricsSchema } from '@cbm/contracts/ingest-metrics';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brokerPrometheusText, type IngestMetrics, prometheusText } from './ingest-metrics';
import { processMetrics, processPrometheusText } from './process-metrics';

/** GET /api/v2/metrics: ingestion counters and process figures for administrators (cbm_osadmin; docs/decisions/009-device-ingestion.md). */
export async function metricsRoutes(
  app: FastifyInstance,
  options: { metrics: IngestMetrics; broker: () => BrokerMetrics },
) {
  const process = processMetrics();
  app.addHook('onClose', async () => process.stop());
  app.withTypeProvider<ZodTypeProvider>().get('/api/v2/metrics', {
    config: { features: ['cbm_osadmin'] },
    schema: {
      tags: ['devices'],
      summary: 'Ingestion counters and process figures (JSON, or the Prometheus text format with format=prometheus)',
      querystring: metricsQuerySchema,
      response: { 200: serverMetricsSchema },
    },
    handler: async (request, reply) => {
      const snapshot = { ...options.metrics.snapshot(), broker: options.broker(), process: process.snapshot() };
      if (request.query.format === 'json') return snapshot;
      return (reply as FastifyReply)
        .type('text/plain; version=0.0.4; charset=utf-8')
        .send(
          prometheusText(snapshot) + brokerPrometheusText(snapshot.broker) + processPrometheusText(snapshot.process),
        );
    },
  });
}
