import type { Channel } from '@cbm/contracts/device-protocol';
import type { BrokerRefusal, IngestMetricsSnapshot, RejectionReason, StoredKind } from '@cbm/contracts/ingest-metrics';
import { Histogram as PromHistogram } from 'prom-client';

/**
 * A histogram for both readers: prom-client's for /metrics, and count, sum, max and buckets kept here for the
 * JSON of /api/v2/metrics (prom-client has no max and reads its figures only asynchronously).
 */
class Histogram {
  count = 0;
  sum = 0;
  max = 0;
  readonly counts: number[];
  readonly prometheus: PromHistogram;
  constructor(
    name: string,
    help: string,
    readonly bounds: number[],
  ) {
    this.counts = bounds.map(() => 0);
    this.prometheus = new PromHistogram({ name, help, buckets: bounds, registers: [] });
  }
  observe(value: number) {
    this.count++;
    this.sum += value;
    this.max = Math.max(this.max, value);
    this.bounds.forEach((bound, index) => {
      if (value <= bound) this.counts[index] = (this.counts[index] ?? 0) + 1;
    });
    this.prometheus.observe(value);
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
  readonly batchSize = new Histogram(
    'cbm_ingest_batch_size',
    'Device messages per stored batch.',
    [1, 10, 50, 100, 250, 500, 1000, 2500, 5000, 10_000],
  );
  readonly commitSeconds = new Histogram(
    'cbm_ingest_commit_seconds',
    'Time to store and commit one batch.',
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );

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
