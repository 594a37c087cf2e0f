import type { ServerMetrics } from '@cbm/contracts/ingest-metrics';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { IngestMetrics } from './ingest-metrics';

let standardSeries: Registry | undefined;

/** prom-client's process_* and nodejs_* series: gathered once per process, whatever number of apps it runs. */
function standardRegistry(): Registry {
  if (!standardSeries) {
    standardSeries = new Registry();
    collectDefaultMetrics({ register: standardSeries });
  }
  return standardSeries;
}

type Series = [labels: Record<string, string>, value: number][];
interface Family {
  name: string;
  help: string;
  labelNames?: string[];
  series: (metrics: ServerMetrics) => Series;
}

const byLabel = (label: string, counts: Record<string, number>): Series =>
  Object.entries(counts).map(([key, value]) => [{ [label]: key }, value]);
const alone = (value: number): Series => [[{}, value]];

const COUNTERS: Family[] = [
  {
    name: 'cbm_ingest_received_total',
    help: 'Device messages received, by channel.',
    labelNames: ['channel'],
    series: (m) => byLabel('channel', m.received),
  },
  {
    name: 'cbm_ingest_stored_total',
    help: 'Records stored, by kind.',
    labelNames: ['kind'],
    series: (m) => byLabel('kind', m.stored),
  },
  {
    name: 'cbm_ingest_duplicates_total',
    help: 'Redelivered records not stored again.',
    labelNames: ['kind'],
    series: (m) => byLabel('kind', m.duplicates),
  },
  {
    name: 'cbm_ingest_rejected_total',
    help: 'Device messages rejected, by reason.',
    labelNames: ['reason'],
    series: (m) => byLabel('reason', m.rejected),
  },
  {
    name: 'cbm_broker_refused_total',
    help: 'Connects, publishes and subscribes the embedded broker refused.',
    labelNames: ['action', 'reason'],
    series: (m) =>
      Object.entries(m.refused).map(([refusal, value]) => {
        const [action = '', reason = ''] = refusal.split(':');
        return [{ action, reason }, value];
      }),
  },
  {
    name: 'cbm_ingest_samples_skipped_total',
    help: 'Telemetry not kept as a sample (resolution, redelivery).',
    series: (m) => alone(m.samplesSkipped),
  },
  {
    name: 'cbm_ingest_failed_batches_total',
    help: 'Batches whose transaction failed and was retried or split.',
    series: (m) => alone(m.failedBatches),
  },
  {
    name: 'cbm_live_stream_recheck_failures_total',
    help: 'Session re-checks of live streams that failed (stream kept, retried).',
    series: (m) => alone(m.live.recheckFailures),
  },
  {
    name: 'cbm_broker_reconnects_total',
    help: 'Connections to the device broker after the first one.',
    labelNames: ['kind'],
    series: (m) => [[{ kind: m.broker.kind }, m.broker.reconnects]],
  },
  {
    name: 'cbm_broker_user_sync_failures_total',
    help: "Credential changes the external broker did not take (Mosquitto's MQTT_DYNSEC_URL, RabbitMQ's RABBITMQ_MANAGEMENT_URLS); each is retried.",
    series: (m) => alone(m.brokerUsers.failures),
  },
];

const GAUGES: Family[] = [
  { name: 'cbm_live_streams_open', help: 'Live streams open in this process.', series: (m) => alone(m.live.open) },
  {
    name: 'cbm_ingest_queue_depth',
    help: 'Device messages waiting to be stored.',
    series: (m) => alone(m.queue.depth),
  },
  {
    name: 'cbm_broker_connected',
    help: 'Whether this process is connected to the device broker.',
    labelNames: ['kind'],
    series: (m) => [[{ kind: m.broker.kind }, Number(m.broker.connected)]],
  },
  {
    name: 'cbm_broker_subscribed',
    help: 'Whether the ingest subscriptions are in place (0 while connected: nothing arrives).',
    labelNames: ['kind'],
    series: (m) => [[{ kind: m.broker.kind }, Number(m.broker.subscribed)]],
  },
  {
    name: 'cbm_process_event_loop_delay_ms',
    help: 'Event-loop delay over the last whole minute, by quantile.',
    labelNames: ['quantile'],
    series: ({ process: { eventLoopDelayMs: delay } }) => [
      [{ quantile: '0.5' }, delay.p50],
      [{ quantile: '0.99' }, delay.p99],
      [{ quantile: '1' }, delay.max],
    ],
  },
  {
    name: 'cbm_broker_user_sync_pending',
    help: 'Credential changes waiting to be retried at the external broker (MQTT_DYNSEC_URL, RABBITMQ_MANAGEMENT_URLS).',
    series: (m) => alone(m.brokerUsers.pending),
  },
  { name: 'cbm_process_resident_memory_bytes', help: 'Resident set size.', series: (m) => alone(m.process.rssBytes) },
  { name: 'cbm_process_heap_used_bytes', help: 'V8 heap in use.', series: (m) => alone(m.process.heapUsedBytes) },
];

/**
 * CBM's figures under the names operations.md documents (read from the same snapshot as the JSON of
 * /api/v2/metrics at each scrape; the ingest hot path only adds to numbers), its two histograms, and
 * prom-client's standard series. Returns the text of one scrape.
 */
export function prometheusMetrics(ingest: IngestMetrics, snapshot: () => ServerMetrics) {
  const registry = new Registry();
  let current: ServerMetrics;
  for (const family of COUNTERS) {
    new Counter({
      name: family.name,
      help: family.help,
      labelNames: family.labelNames ?? [],
      registers: [registry],
      collect() {
        this.reset();
        for (const [labels, value] of family.series(current)) this.inc(labels, value);
      },
    });
  }
  for (const family of GAUGES) {
    new Gauge({
      name: family.name,
      help: family.help,
      labelNames: family.labelNames ?? [],
      registers: [registry],
      collect() {
        this.reset();
        for (const [labels, value] of family.series(current)) this.set(labels, value);
      },
    });
  }
  registry.registerMetric(ingest.batchSize.prometheus);
  registry.registerMetric(ingest.commitSeconds.prometheus);
  return {
    contentType: registry.contentType,
    async text(): Promise<string> {
      current = snapshot();
      return Registry.merge([registry, standardRegistry()]).metrics();
    },
  };
}
