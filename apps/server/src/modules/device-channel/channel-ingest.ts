import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { CommandReplyListener } from '../device-commands/command-replies';
import type { SampleListener } from '../device-ingestion/battery-sample';
import { deviceStore } from '../device-ingestion/device-store';
import type { EventListener } from '../device-ingestion/event-listener';
import { IngestMetrics } from '../device-ingestion/ingest-metrics';
import { IngestPipeline, type IngestPipelineOptions } from '../device-ingestion/ingest-pipeline';
import type { MdloadListener } from '../device-ingestion/mdload-reading';

export type ChannelIngestConfig = Pick<
  Config,
  'INGEST' | 'SAMPLE_RESOLUTION_SECONDS' | 'INGEST_BATCH_SIZE' | 'INGEST_QUEUE_LIMIT' | 'INGEST_LINGER_MS'
>;

/** Who runs inside each storing transaction; the arrays are read as they are then, so late registrations count. */
export interface StoreListeners {
  samples: SampleListener[];
  replies: CommandReplyListener[];
  events: EventListener[];
  mdloads: MdloadListener[];
}

/** The ingest pipeline and its store (none with INGEST off), and its metrics either way. */
export function channelIngest(
  app: FastifyInstance,
  options: {
    config: ChannelIngestConfig;
    db: Database;
    listeners: StoreListeners;
    onCommitted: IngestPipelineOptions['onCommitted'];
  },
): { pipeline: IngestPipeline | undefined; metrics: IngestMetrics } {
  const { config, db, listeners, onCommitted } = options;
  const pipeline = config.INGEST
    ? new IngestPipeline({
        store: deviceStore(db, {
          resolutionMs: config.SAMPLE_RESOLUTION_SECONDS * 1000,
          sampleListeners: listeners.samples,
          replyListeners: listeners.replies,
          eventListeners: listeners.events,
          mdloadListeners: listeners.mdloads,
        }),
        batchSize: config.INGEST_BATCH_SIZE,
        queueLimit: config.INGEST_QUEUE_LIMIT,
        lingerMs: config.INGEST_LINGER_MS,
        // PGlite has one connection: a second transaction would only wait for the first.
        concurrency: db.kind === 'postgres' ? 2 : 1,
        log: app.log.child({ module: 'ingest' }),
        tracer: app.tracer,
        onCommitted,
      })
    : undefined;
  const metrics = pipeline?.metrics ?? new IngestMetrics(() => ({ depth: 0, limit: 0 }));
  return { pipeline, metrics };
}
