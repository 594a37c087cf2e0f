import { createHash, timingSafeEqual } from 'node:crypto';
import { devicesEndpoints } from '@cbm/contracts/endpoints/devices';
import type { BrokerMetrics, BrokerUserMetrics, LiveStreamMetrics } from '@cbm/contracts/ingest-metrics';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, routeNotFound } from '../../http-error';
import { fromEndpoint } from '../../route-from-endpoint';
import type { IngestMetrics } from './ingest-metrics';
import { processMetrics } from './process-metrics';
import { prometheusMetrics } from './prometheus-registry';

export interface MetricsRoutesOptions {
  metrics: IngestMetrics;
  broker: () => BrokerMetrics;
  live: () => LiveStreamMetrics;
  brokerUsers: () => BrokerUserMetrics;
  /** The bearer token of GET /metrics; the route answers 404 without one (decision 081). */
  scrapeToken: string | undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time (of the digests, so the token's length does not show either). */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const [scheme, presented] = (request.headers.authorization ?? '').split(' ');
  return (
    scheme?.toLowerCase() === 'bearer' && Boolean(presented) && timingSafeEqual(digest(presented ?? ''), digest(token))
  );
}

/**
 * GET /metrics for Prometheus (bearer METRICS_TOKEN, no session) and GET /api/v2/metrics for administrators
 * (cbm_osadmin; JSON for the admin screen, or the same text as /metrics; docs/decisions/009-device-ingestion.md).
 */
export async function metricsRoutes(app: FastifyInstance, options: MetricsRoutesOptions) {
  const process = processMetrics();
  app.addHook('onClose', async () => process.stop());
  const snapshot = () => ({
    ...options.metrics.snapshot(),
    broker: options.broker(),
    live: options.live(),
    brokerUsers: options.brokerUsers(),
    process: process.snapshot(),
  });
  const prometheus = prometheusMetrics(options.metrics, snapshot);
  const sendText = async (reply: FastifyReply) =>
    reply
      .type(prometheus.contentType)
      .header('cache-control', 'no-store')
      .send(await prometheus.text());

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!options.scrapeToken) throw routeNotFound(request);
    if (!bearerMatches(request, options.scrapeToken)) {
      reply.header('www-authenticate', 'Bearer realm="cbm-metrics"');
      throw new HttpError(401, 'auth.metricsTokenInvalid', 'errors.metricsTokenInvalid');
    }
    return sendText(reply);
  });

  app.withTypeProvider<ZodTypeProvider>().route(
    fromEndpoint(devicesEndpoints.metrics, {
      config: { features: ['cbm_osadmin'] },
      schema: {
        tags: ['devices'],
        summary: 'Ingestion counters and process figures (JSON, or the Prometheus text format with format=prometheus)',
      },
      handler: async (request, reply) => {
        if (request.query.format === 'json') return snapshot();
        return sendText(reply as FastifyReply);
      },
    }),
  );
}
