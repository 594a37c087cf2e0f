import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { brokerAuthRoutes } from '../device-broker/broker-auth-routes';
import type { IngestMetrics } from '../device-ingestion/ingest-metrics';
import { metricsRoutes } from '../device-ingestion/metrics-routes';
import type { LiveHub } from '../live-updates/live-hub';
import { liveRoutes } from '../live-updates/live-routes';
import { LiveStreamRegistry } from '../live-updates/live-stream-registry';
import type { ChannelBroker } from './channel-broker';

export type ChannelRoutesConfig = Pick<
  Config,
  | 'LIVE_STREAMS_PER_USER'
  | 'LIVE_STREAMS_TOTAL'
  | 'LIVE_STREAM_BUFFER_KB'
  | 'LIVE_STREAM_RECHECK_SECONDS'
  | 'METRICS_TOKEN'
  | 'BROKER_AUTH_PASSWORD'
>;

/** The channel's routes: the live stream, the metrics, and the RabbitMQ tier's questions about devices. */
export async function registerChannelRoutes(
  app: FastifyInstance,
  options: { config: ChannelRoutesConfig; db: Database; live: LiveHub; metrics: IngestMetrics; broker: ChannelBroker },
): Promise<void> {
  const { config, db, live, metrics, broker } = options;
  const liveStreams = new LiveStreamRegistry({
    perUser: config.LIVE_STREAMS_PER_USER,
    total: config.LIVE_STREAMS_TOTAL,
    bufferBytes: config.LIVE_STREAM_BUFFER_KB * 1024,
    recheckMs: config.LIVE_STREAM_RECHECK_SECONDS * 1000,
  });
  await app.register(liveRoutes, { db, live, registry: liveStreams });
  await app.register(metricsRoutes, {
    metrics,
    broker: () => broker.status(),
    live: () => liveStreams.metrics(),
    brokerUsers: () => broker.userMetrics(),
    scrapeToken: config.METRICS_TOKEN,
  });
  await app.register(brokerAuthRoutes, { access: broker.authAccess, password: config.BROKER_AUTH_PASSWORD });
}
