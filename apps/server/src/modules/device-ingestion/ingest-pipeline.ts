import { setTimeout as delay } from 'node:timers/promises';
import { parseTopic } from '@cbm/contracts/device-protocol';
import { STORED_KINDS } from '@cbm/contracts/ingest-metrics';
import type { Tracer } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../db/database-errors';
import { inSpan, NO_TRACER } from '../../plugins/tracing';
import {
  type DeviceMessage,
  parseDeviceMessage,
  type RawDeviceMessage,
  type Rejection,
  type SinkVerdict,
} from '../device-protocol/device-message';
import type { BatchOutcome, DeviceStore } from './device-store';
import { IngestMetrics } from './ingest-metrics';

export interface IngestPipelineOptions {
  store: DeviceStore;
  batchSize: number;
  queueLimit: number;
  /** How long a message may wait for others to share its transaction while the queue is short. */
  lingerMs: number;
  /** Batches stored at the same time (PostgreSQL: more than one connection helps). */
  concurrency: number;
  log: FastifyBaseLogger;
  /** Each attempt to store a batch is a span `ingest batch` (decision 120); none by default. */
  tracer?: Tracer;
  /** After each commit, with what changed. */
  onCommitted(outcome: BatchOutcome): void;
}

interface Pending {
  message: DeviceMessage;
  queuedAt: number;
  resolve(): void;
  reject(error: unknown): void;
}

const deviceKey = (message: DeviceMessage) => `${message.deviceClass}|${message.serial}`;

/** Rejections are logged once per device and reason; this bounds what is remembered of that. */
const LOGGED_REJECTIONS_LIMIT = 10_000;
const STOPPING_ATTEMPTS = 3;

/** Worth retrying: the database being away, and the SQLSTATE classes rollback (deadlock), resources, system. */
function isTransient(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' && (/^(40|53|57|58)/.test(code) || /^E[A-Z]+$/.test(code));
}

/**
 * A failed batch as a log line names it: its size, first and last device and the error's message and code; not the
 * error object, to which PGlite and drivers attach the statement and every parameter (≈ 12 KB for 40 messages).
 */
function batchNamed(batch: readonly Pending[], error: unknown) {
  const device = (pending: Pending | undefined) =>
    pending ? `${pending.message.deviceClass} ${pending.message.serial}` : undefined;
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return {
    batch: { size: batch.length, first: device(batch[0]), last: device(batch.at(-1)) },
    error: { message: String(message ?? error), ...(typeof code === 'string' ? { code } : {}) },
  };
}

/**
 * Device messages → validated → bounded queue → batches stored in one transaction each. `submit`
 * settles only once its message is committed (or rejected and counted), so the caller acknowledges
 * the message to the broker after the commit; a full queue makes `submit` wait (backpressure).
 */
export class IngestPipeline {
  readonly metrics: IngestMetrics;
  private queue: Pending[] = [];
  private readonly waitingForRoom: (() => void)[] = [];
  private readonly loggedRejections = new Set<string>();
  private running = true;
  private wake: (() => void) | undefined;
  private readonly loop: Promise<void>;

  constructor(private readonly options: IngestPipelineOptions) {
    this.metrics = new IngestMetrics(() => ({ depth: this.queue.length, limit: options.queueLimit }));
    this.loop = this.run();
  }

  async submit(raw: RawDeviceMessage): Promise<SinkVerdict> {
    if (!this.running) throw new Error('ingestion is stopping');
    this.metrics.countReceived(parseTopic(raw.topic)?.channel ?? 'other');
    const parsed = parseDeviceMessage(raw);
    if ('rejection' in parsed) {
      this.rejected(parsed.rejection);
      return 'malformed';
    }
    while (this.queue.length >= this.options.queueLimit) {
      await new Promise<void>((resolve) => this.waitingForRoom.push(resolve));
      if (!this.running) throw new Error('ingestion is stopping');
    }
    await new Promise<void>((resolve, reject) => {
      this.queue.push({ message: parsed.message, queuedAt: performance.now(), resolve, reject });
      this.wake?.();
    });
    return 'accepted';
  }

  /** Stores what is queued, then stops; later submissions fail (the broker does not acknowledge them). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    for (const resume of this.waitingForRoom.splice(0)) resume();
    await this.loop;
  }

  /**
   * Up to `concurrency` batches are stored at once (each in its own transaction), never two holding
   * messages of the same device: a device's messages are committed in the order they came, so its
   * samples and roll-ups never see an older message after a newer one. Messages are acknowledged in
   * the order their batches were formed.
   */
  private async run(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    const busy = new Map<string, number>();
    let turn: Promise<void> = Promise.resolve();
    for (;;) {
      if (this.queue.length === 0 && inFlight.size === 0 && !this.running) return;
      const room = inFlight.size < this.options.concurrency;
      const linger = room ? this.lingerLeft() : 0;
      const batch = room && linger <= 0 ? this.takeBatch(busy) : [];
      if (batch.length === 0) {
        await Promise.race([
          ...inFlight,
          new Promise<void>((resolve) => (this.wake = resolve)),
          ...(linger > 0 ? [delay(linger)] : []),
        ]);
        this.wake = undefined;
        continue;
      }
      for (const resume of this.waitingForRoom.splice(0)) resume();
      const devices = batch.map((pending) => deviceKey(pending.message));
      for (const device of devices) busy.set(device, (busy.get(device) ?? 0) + 1);
      const previous = turn;
      let settled = () => {};
      turn = new Promise((resolve) => (settled = resolve));
      const work = this.storeWithRetry(batch, previous).finally(() => {
        settled();
        inFlight.delete(work);
        for (const device of devices) {
          const left = (busy.get(device) ?? 1) - 1;
          if (left === 0) busy.delete(device);
          else busy.set(device, left);
        }
      });
      inFlight.add(work);
    }
  }

  /** Milliseconds the oldest queued message may still wait for company; 0 when a batch should go now. */
  private lingerLeft(): number {
    const oldest = this.queue[0];
    if (!oldest || !this.running || this.queue.length >= this.options.batchSize) return 0;
    return oldest.queuedAt + this.options.lingerMs - performance.now();
  }

  /** Up to `batchSize` queued messages, oldest first, of devices that no batch in flight holds. */
  private takeBatch(busy: ReadonlyMap<string, number>): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    for (const pending of this.queue) {
      if (batch.length < this.options.batchSize && !busy.has(deviceKey(pending.message))) batch.push(pending);
      else rest.push(pending);
    }
    this.queue = rest;
    return batch;
  }

  /**
   * Retries what may pass later; splits a batch that fails for its content until the bad message
   * is found. Never throws. `turn` settles when the batch before this one has been acknowledged.
   */
  private async storeWithRetry(batch: Pending[], turn: Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const started = performance.now();
        const messages = batch.map((pending) => pending.message);
        const tracer = this.options.tracer ?? NO_TRACER;
        const attributes = { 'cbm.ingest.messages': batch.length, 'cbm.ingest.attempt': attempt };
        const outcome = await inSpan(tracer, 'ingest batch', attributes, () => this.options.store.store(messages));
        this.metrics.commitSeconds.observe((performance.now() - started) / 1000);
        await turn;
        return this.committed(batch, outcome);
      } catch (error) {
        this.metrics.failedBatches++;
        if (isTransient(error)) {
          if (!this.running && attempt >= STOPPING_ATTEMPTS) {
            await turn;
            for (const pending of batch) pending.reject(error);
            return;
          }
          this.options.log.warn({ attempt, ...batchNamed(batch, error) }, 'storing device messages failed; retrying');
          await delay(Math.min(100 * 2 ** attempt, 5000));
          continue;
        }
        if (batch.length > 1) {
          const half = Math.ceil(batch.length / 2);
          await this.storeWithRetry(batch.slice(0, half), turn);
          await this.storeWithRetry(batch.slice(half), turn);
          return;
        }
        const [pending] = batch as [Pending];
        this.options.log.error({ err: error, serial: pending.message.serial }, 'device message cannot be stored');
        await turn;
        this.rejected({ reason: 'storage-error', serial: pending.message.serial, detail: String(error) });
        pending.resolve();
        return;
      }
    }
  }

  private committed(batch: Pending[], outcome: BatchOutcome): void {
    this.metrics.batchSize.observe(batch.length);
    for (const kind of STORED_KINDS) {
      this.metrics.countStored(kind, outcome.counts.stored[kind]);
      this.metrics.countDuplicates(kind, outcome.counts.duplicates[kind]);
    }
    this.metrics.samplesSkipped += outcome.counts.samplesSkipped;
    for (const rejection of outcome.rejections.values()) this.rejected(rejection);
    for (const pending of batch) pending.resolve();
    try {
      this.options.onCommitted(outcome);
    } catch (error) {
      this.options.log.error({ err: error }, 'after storing device messages');
    }
  }

  private rejected(rejection: Rejection): void {
    this.metrics.countRejected(rejection.reason);
    const key = `${rejection.serial ?? '-'}|${rejection.reason}`;
    if (this.loggedRejections.has(key)) return;
    if (this.loggedRejections.size >= LOGGED_REJECTIONS_LIMIT) this.loggedRejections.clear();
    this.loggedRejections.add(key);
    this.options.log.warn({ ...rejection }, 'device message rejected');
  }
}
