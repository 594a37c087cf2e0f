import { z } from 'zod';

/** Why ingestion refused a device message (counted, logged once per device and reason). */
export const REJECTION_REASONS = [
  'invalid-topic',
  'unsupported-version',
  'too-large',
  'invalid-json',
  'invalid-payload',
  'timestamp-out-of-range',
  'unknown-device',
  'unknown-command',
  'storage-error',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/**
 * Why the embedded broker refused a connect, publish or subscribe (`{action}:{reason}`; counted, logged once per
 * client and reason; docs/decisions/021-device-registry.md).
 */
export const BROKER_REFUSALS = [
  'connect:no-credentials',
  'connect:bad-credentials',
  'connect:revoked',
  'connect:wrong-client-id',
  'connect:backing-off',
  'publish:not-own-topic',
  'publish:retain-not-allowed',
  'publish:too-large',
  'publish:throttled',
  'publish:bad-messages',
  'subscribe:not-own-topic',
] as const;
export type BrokerRefusal = (typeof BROKER_REFUSALS)[number];

/** What ingestion stores: battery samples, events, status changes, info, replies, charger and mdload samples. */
export const STORED_KINDS = [
  'batterySample',
  'event',
  'status',
  'info',
  'commandReply',
  'chargerSample',
  'mdloadSample',
] as const;
export type StoredKind = (typeof STORED_KINDS)[number];

const counts = z.record(z.string(), z.number());
const histogram = z.object({
  count: z.number(),
  sum: z.number(),
  max: z.number(),
  /** Upper bound → number of observations up to it (cumulative, like Prometheus). */
  buckets: z.record(z.string(), z.number()),
});

/** GET /api/v2/metrics (JSON; `?format=prometheus` answers the Prometheus text format). */
export const metricsQuerySchema = z.object({ format: z.enum(['json', 'prometheus']).default('json') });
export const ingestMetricsSchema = z.object({
  startedAt: z.string(),
  received: counts,
  stored: counts,
  duplicates: counts,
  /** Telemetry not kept as a sample: within the resolution of a stored one, or older than the latest. */
  samplesSkipped: z.number(),
  rejected: counts,
  /** Connects, publishes and subscribes the embedded broker refused, by `BROKER_REFUSALS`. */
  refused: counts,
  queue: z.object({ depth: z.number(), limit: z.number() }),
  batchSize: histogram,
  commitSeconds: histogram,
  failedBatches: z.number(),
});
export type IngestMetricsSnapshot = z.infer<typeof ingestMetricsSchema>;

/** The server process itself: event-loop delay over the last whole minute and memory (docs/operations.md, Monitoring). */
export const processMetricsSchema = z.object({
  uptimeSeconds: z.number(),
  eventLoopDelayMs: z.object({ p50: z.number(), p99: z.number(), max: z.number() }),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
});
export type ProcessMetrics = z.infer<typeof processMetricsSchema>;

/**
 * This process's connection to the device broker. An ingest worker at an external broker subscribes again
 * after every (re)connect; `subscribed` false while `connected` means it receives nothing (decision 022).
 */
export const brokerMetricsSchema = z.object({
  kind: z.enum(['embedded', 'external', 'rabbitmq', 'none']),
  connected: z.boolean(),
  /** The ingest subscriptions are in place (always true for the embedded broker, false without ingestion). */
  subscribed: z.boolean(),
  /** Connections to the broker after the first one. */
  reconnects: z.number(),
  lastConnectedAt: z.string().nullable(),
});
export type BrokerMetrics = z.infer<typeof brokerMetricsSchema>;

/**
 * This process's live streams: open now, and session re-checks that failed (pool time-out, database away); a failed
 * check keeps the stream and is tried again at the next check (decision 075).
 */
export const liveStreamMetricsSchema = z.object({ open: z.number(), recheckFailures: z.number() });
export type LiveStreamMetrics = z.infer<typeof liveStreamMetricsSchema>;

/**
 * The changes of device credentials this process sent to Mosquitto's dynamic-security plugin (MQTT_DYNSEC_URL,
 * decision 132): attempts the broker did not acknowledge, and changes still waiting for a retry.
 */
export const brokerUserMetricsSchema = z.object({ failures: z.number(), pending: z.number() });
export type BrokerUserMetrics = z.infer<typeof brokerUserMetricsSchema>;

/** GET /api/v2/metrics as JSON: ingestion counters, the broker connection, the live streams and the process figures. */
export const serverMetricsSchema = ingestMetricsSchema.extend({
  broker: brokerMetricsSchema,
  live: liveStreamMetricsSchema,
  brokerUsers: brokerUserMetricsSchema,
  process: processMetricsSchema,
});
export type ServerMetrics = z.infer<typeof serverMetricsSchema>;
