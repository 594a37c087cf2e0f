import type { Channel } from '@cbm/contracts/device-protocol';
import type {
  BrokerMetrics,
  BrokerRefusal,
  IngestMetricsSnapshot,
  RejectionReason,
  StoredKind,
} from '@cbm/contracts/ingest-metrics';

class Histogram {
  count = 0;
  sum = 0;
  max = 0;
  readonly counts: number[];
  constructor(readonly bounds: readonly number[]) {
    this.counts = bounds.map(() => 0);
  }
  observe(value: number) {
    this.count++;
    this.sum += value;
    this.max = Math.max(this.max, value);
    this.bounds.forEach((bound, index) => {
      if (value <= bound) this.counts[index] = (this.counts[index] ?? 0) + 1;
    });
  }
  snapshot() {
    const buckets: Record<string, number> = {};
    this.bounds.forEach((bound, index) => {
      buckets[String(bound)] = this.counts[index] ?? 0;
    });
    return { count: this.count, sum: this.sum, max: this.max, buckets };
  }
}

const increment = <K extends string>(counts: Partial<Record<K, number>>, key: K, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

/** Counters of the ingestion pipeline, read by GET /api/v2/metrics. */
export class IngestMetrics {
  readonly startedAt = new Date();
  readonly received: Record<string, number> = {};
  readonly stored: Partial<Record<StoredKind, number>> = {};
  readonly duplicates: Partial<Record<StoredKind, number>> = {};
  readonly rejected: Partial<Record<RejectionReason, number>> = {};
  readonly refused: Partial<Record<BrokerRefusal, number>> = {};
  samplesSkipped = 0;
  failedBatches = 0;
  readonly batchSize = new Histogram([1, 10, 50, 100, 250, 500, 1000, 2500, 5000, 10_000]);
  readonly commitSeconds = new Histogram([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);

  constructor(private readonly queue: () => { depth: number; limit: number }) {}

  countReceived(channel: Channel | 'other') {
    increment(this.received, channel);
  }
  countStored(kind: StoredKind, by = 1) {
    if (by > 0) increment(this.stored, kind, by);
  }
  countDuplicates(kind: StoredKind, by = 1) {
    if (by > 0) increment(this.duplicates, kind, by);
  }
  countRejected(reason: RejectionReason) {
    increment(this.rejected, reason);
  }
  countRefused(refusal: BrokerRefusal) {
    increment(this.refused, refusal);
  }

  snapshot(): IngestMetricsSnapshot {
    return {
      startedAt: this.startedAt.toISOString(),
      received: { ...this.received },
      stored: { ...this.stored },
      duplicates: { ...this.duplicates },
      samplesSkipped: this.samplesSkipped,
      rejected: { ...this.rejected },
      refused: { ...this.refused },
      queue: this.queue(),
      batchSize: this.batchSize.snapshot(),
      commitSeconds: this.commitSeconds.snapshot(),
      failedBatches: this.failedBatches,
    };
  }
}

/** The Prometheus text exposition format of a snapshot. */
export function prometheusText(snapshot: IngestMetricsSnapshot): string {
  const lines: string[] = [];
  const family = (name: string, type: string, help: string) =>
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  const labelled = (name: string, label: string, counts: Record<string, number>, help: string) => {
    family(name, 'counter', help);
    for (const [key, value] of Object.entries(counts)) lines.push(`${name}{${label}="${key}"} ${value}`);
  };
  const histogram = (name: string, help: string, h: IngestMetricsSnapshot['batchSize']) => {
    family(name, 'histogram', help);
    for (const [bound, count] of Object.entries(h.buckets)) lines.push(`${name}_bucket{le="${bound}"} ${count}`);
    lines.push(`${name}_bucket{le="+Inf"} ${h.count}`, `${name}_sum ${h.sum}`, `${name}_count ${h.count}`);
  };
  labelled('cbm_ingest_received_total', 'channel', snapshot.received, 'Device messages received, by channel.');
  labelled('cbm_ingest_stored_total', 'kind', snapshot.stored, 'Records stored, by kind.');
  labelled('cbm_ingest_duplicates_total', 'kind', snapshot.duplicates, 'Redelivered records not stored again.');
  labelled('cbm_ingest_rejected_total', 'reason', snapshot.rejected, 'Device messages rejected, by reason.');
  family('cbm_broker_refused_total', 'counter', 'Connects, publishes and subscribes the embedded broker refused.');
  for (const [refusal, value] of Object.entries(snapshot.refused)) {
    const [action, reason] = refusal.split(':');
    lines.push(`cbm_broker_refused_total{action="${action}",reason="${reason}"} ${value}`);
  }
  family('cbm_ingest_samples_skipped_total', 'counter', 'Telemetry not kept as a sample (resolution, redelivery).');
  lines.push(`cbm_ingest_samples_skipped_total ${snapshot.samplesSkipped}`);
  family('cbm_ingest_failed_batches_total', 'counter', 'Batches whose transaction failed and was retried or split.');
  lines.push(`cbm_ingest_failed_batches_total ${snapshot.failedBatches}`);
  family('cbm_ingest_queue_depth', 'gauge', 'Device messages waiting to be stored.');
  lines.push(`cbm_ingest_queue_depth ${snapshot.queue.depth}`);
  histogram('cbm_ingest_batch_size', 'Device messages per stored batch.', snapshot.batchSize);
  histogram('cbm_ingest_commit_seconds', 'Time to store and commit one batch.', snapshot.commitSeconds);
  return `${lines.join('\n')}\n`;
}

/** The broker connection as Prometheus gauges and a counter. */
export function brokerPrometheusText(broker: BrokerMetrics): string {
  const label = `{kind="${broker.kind}"}`;
  return [
    '# HELP cbm_broker_connected Whether this process is connected to the device broker.',
    '# TYPE cbm_broker_connected gauge',
    `cbm_broker_connected${label} ${broker.connected ? 1 : 0}`,
    '# HELP cbm_broker_subscribed Whether the ingest subscriptions are in place (0 while connected: nothing arrives).',
    '# TYPE cbm_broker_subscribed gauge',
    `cbm_broker_subscribed${label} ${broker.subscribed ? 1 : 0}`,
    '# HELP cbm_broker_reconnects_total Connections to the device broker after the first one.',
    '# TYPE cbm_broker_reconnects_total counter',
    `cbm_broker_reconnects_total${label} ${broker.reconnects}`,
    '',
  ].join('\n');
}
