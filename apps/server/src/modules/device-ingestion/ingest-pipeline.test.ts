import { STORED_KINDS } from '@cbm/contracts/ingest-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { json, telemetry } from '../../../test/mqtt-devices';
import type { DeviceMessage, RawDeviceMessage } from '../device-protocol/device-message';
import type { BatchOutcome, DeviceStore } from './device-store';
import { IngestPipeline, type IngestPipelineOptions } from './ingest-pipeline';

const zero = () => Object.fromEntries(STORED_KINDS.map((kind) => [kind, 0])) as BatchOutcome['counts']['stored'];
const outcome = (): BatchOutcome => ({
  rejections: new Map(),
  counts: { stored: zero(), duplicates: zero(), samplesSkipped: 0 },
  batteries: [],
  mdloads: [],
  telemetryFrom: new Set(),
  replies: [],
  afterCommit: [],
});
const message = (serial: string, seq = 1): RawDeviceMessage => ({
  topic: `cbm/v1/battery/${serial}/telemetry`,
  payload: Buffer.from(json(telemetry(seq, new Date()))),
  receivedAt: new Date(),
});
const log = () =>
  ({ warn: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

/** A store whose commits the test releases one at a time. */
function gatedStore(fail: (batch: readonly DeviceMessage[]) => unknown = () => undefined) {
  const batches: string[][] = [];
  const gates: (() => void)[] = [];
  const store: DeviceStore = {
    async store(batch) {
      await new Promise<void>((resolve) => gates.push(resolve));
      const error = fail(batch);
      if (error) throw error;
      batches.push(batch.map((entry) => entry.serial));
      return outcome();
    },
  };
  return {
    store,
    batches,
    gates,
    open: () => {
      for (const resolve of gates.splice(0)) resolve();
    },
  };
}

const pipelineWith = (store: DeviceStore, options: Partial<IngestPipelineOptions>) =>
  new IngestPipeline({
    store,
    batchSize: 10,
    queueLimit: 10,
    lingerMs: 0,
    concurrency: 1,
    log: log(),
    onCommitted: () => {},
    ...options,
  });

const settled = (promise: Promise<unknown>) => {
  const state = { done: false };
  promise.then(
    () => {
      state.done = true;
    },
    () => {
      state.done = true;
    },
  );
  return state;
};

describe('ingest pipeline', () => {
  it('settles a submission only after its batch is committed, and batches what queued up meanwhile', async () => {
    const gated = gatedStore();
    const pipeline = pipelineWith(gated.store, { batchSize: 10, queueLimit: 100 });
    const first = settled(pipeline.submit(message('A')));
    await vi.waitFor(() => expect(gated.gates).toHaveLength(1));
    const rest = ['B', 'C', 'D'].map((serial) => settled(pipeline.submit(message(serial))));
    expect(first.done).toBe(false);
    gated.open();
    await vi.waitFor(() => expect(gated.gates).toHaveLength(1));
    expect(first.done).toBe(true);
    expect(rest.some((state) => state.done)).toBe(false);
    gated.open();
    await vi.waitFor(() => expect(rest.every((state) => state.done)).toBe(true));
    expect(gated.batches).toEqual([['A'], ['B', 'C', 'D']]);
    expect(pipeline.metrics.snapshot().batchSize).toMatchObject({ count: 2, sum: 4, max: 3 });
    await pipeline.stop();
  });

  it('stores two batches at once, but acknowledges them in the order they came', async () => {
    const gated = gatedStore();
    const pipeline = pipelineWith(gated.store, { batchSize: 1, concurrency: 2 });
    const acknowledged: string[] = [];
    const submissions = ['A', 'B'].map((serial) =>
      pipeline.submit(message(serial)).then(() => acknowledged.push(serial)),
    );
    await vi.waitFor(() => expect(gated.gates).toHaveLength(2));
    gated.gates[1]?.();
    await vi.waitFor(() => expect(gated.batches).toEqual([['B']]));
    expect(acknowledged).toEqual([]);
    gated.gates[0]?.();
    await Promise.all(submissions);
    expect(acknowledged).toEqual(['A', 'B']);
    await pipeline.stop();
  });

  it('never stores two batches of the same device at once: its messages commit in order', async () => {
    const gated = gatedStore();
    const pipeline = pipelineWith(gated.store, { batchSize: 1, concurrency: 2 });
    const submissions = [message('A', 1), message('A', 2), message('B', 1)].map((raw) => pipeline.submit(raw));
    await vi.waitFor(() => expect(gated.gates).toHaveLength(2));
    gated.gates[1]?.();
    await vi.waitFor(() => expect(gated.batches).toEqual([['B']]));
    expect(gated.gates).toHaveLength(2);
    gated.gates[0]?.();
    await vi.waitFor(() => expect(gated.gates).toHaveLength(3));
    gated.gates[2]?.();
    await Promise.all(submissions);
    expect(gated.batches).toEqual([['B'], ['A'], ['A']]);
    await pipeline.stop();
  });

  it('lets a short queue wait briefly for company instead of a transaction per message', async () => {
    const gated = gatedStore();
    const pipeline = pipelineWith(gated.store, { batchSize: 10, queueLimit: 100, lingerMs: 200 });
    const submissions = ['A', 'B', 'C'].map((serial) => pipeline.submit(message(serial)));
    await vi.waitFor(() => expect(gated.gates).toHaveLength(1));
    gated.open();
    await Promise.all(submissions);
    expect(gated.batches).toEqual([['A', 'B', 'C']]);
    await pipeline.stop();
  });

  it('makes submissions wait while the queue is full', async () => {
    const gated = gatedStore();
    const pipeline = pipelineWith(gated.store, { batchSize: 2, queueLimit: 2 });
    const submissions = Array.from({ length: 7 }, (_, n) => pipeline.submit(message(`S${n}`)));
    await vi.waitFor(() => expect(gated.gates).toHaveLength(1));
    expect(pipeline.metrics.snapshot().queue).toEqual({ depth: 2, limit: 2 });
    while (gated.batches.flat().length < 7) {
      gated.open();
      await vi.waitFor(() => expect(gated.gates.length > 0 || gated.batches.flat().length === 7).toBe(true));
      expect(pipeline.metrics.snapshot().queue.depth).toBeLessThanOrEqual(2);
    }
    await Promise.all(submissions);
    expect(gated.batches.flat()).toEqual(['S0', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
    await pipeline.stop();
  });

  it('retries a batch the database refused for a passing reason', async () => {
    let failures = 1;
    const gated = gatedStore(() =>
      failures-- > 0 ? Object.assign(new Error('connection lost'), { code: '08006' }) : undefined,
    );
    const pipeline = pipelineWith(gated.store, { batchSize: 10, queueLimit: 10 });
    const done = pipeline.submit(message('A'));
    await vi.waitFor(
      () => {
        gated.open();
        expect(gated.batches).toEqual([['A']]);
      },
      { timeout: 5000 },
    );
    await done;
    expect(pipeline.metrics.snapshot().failedBatches).toBe(1);
    await pipeline.stop();
  });

  it('logs a retry with the batch named (size, first and last device, error), not its parameters', async () => {
    let failures = 1;
    // As PGlite and drivers attach them: the statement and every parameter of the batch (≈ 12 KB for 40 messages).
    const error = Object.assign(new Error('could not extend file: No space left on device'), {
      code: '53100',
      query: 'INSERT INTO battery_sample SELECT * FROM unnest($1::text[], $2::timestamptz[])',
      params: Array.from({ length: 40 }, (_, n) => `{${'x'.repeat(300)}${n}}`),
    });
    const gated = gatedStore(() => (failures-- > 0 ? error : undefined));
    const logger = log();
    const pipeline = pipelineWith(gated.store, { batchSize: 40, queueLimit: 40, lingerMs: 50, log: logger });
    const serials = Array.from({ length: 40 }, (_, n) => `D${n}`);
    const done = Promise.all(serials.map((serial) => pipeline.submit(message(serial))));
    await vi.waitFor(
      () => {
        gated.open();
        expect(gated.batches).toHaveLength(1);
      },
      { timeout: 5000 },
    );
    await done;
    const [fields, text] = logger.warn.mock.calls[0] as [object, string];
    expect(text).toBe('storing device messages failed; retrying');
    expect(fields).toEqual({
      attempt: 1,
      batch: { size: 40, first: 'battery D0', last: 'battery D39' },
      error: { message: 'could not extend file: No space left on device', code: '53100' },
    });
    expect(JSON.stringify(fields).length).toBeLessThan(300);
    await pipeline.stop();
  });

  it('finds the one message a batch fails for, rejects it and stores the others', async () => {
    const poison = new Error('value out of range');
    const gated = gatedStore((batch) => (batch.some((entry) => entry.serial === 'BAD') ? poison : undefined));
    const logger = log();
    const pipeline = pipelineWith(gated.store, { batchSize: 10, queueLimit: 10, log: logger });
    const blocker = pipeline.submit(message('FIRST'));
    await vi.waitFor(() => expect(gated.gates).toHaveLength(1));
    const submissions = ['A', 'B', 'BAD', 'C'].map((serial) => pipeline.submit(message(serial)));
    await vi.waitFor(() => {
      gated.open();
      expect(gated.batches.flat()).toEqual(['FIRST', 'A', 'B', 'C']);
    });
    await Promise.all([blocker, ...submissions]);
    expect(pipeline.metrics.snapshot().rejected).toEqual({ 'storage-error': 1 });
    await pipeline.stop();
  });

  it('counts every rejection but logs it once per device and reason', async () => {
    const logger = log();
    const pipeline = pipelineWith(gatedStore().store, { batchSize: 10, queueLimit: 10, log: logger });
    const garbage = (serial: string) => ({ ...message(serial), payload: Buffer.from('{') });
    await Promise.all([garbage('A'), garbage('A'), garbage('B'), garbage('A')].map((raw) => pipeline.submit(raw)));
    expect(pipeline.metrics.snapshot().rejected).toEqual({ 'invalid-json': 4 });
    expect(logger.warn).toHaveBeenCalledTimes(2);
    await pipeline.stop();
  });

  it('stores what is queued when it stops, then refuses new messages', async () => {
    const gated = gatedStore();
    const pipeline = pipelineWith(gated.store, { batchSize: 1, queueLimit: 10 });
    const queued = ['A', 'B'].map((serial) => pipeline.submit(message(serial)));
    const stopped = pipeline.stop();
    await vi.waitFor(() => {
      gated.open();
      expect(gated.batches.flat()).toEqual(['A', 'B']);
    });
    await Promise.all([...queued, stopped]);
    await expect(pipeline.submit(message('C'))).rejects.toThrow('stopping');
  });

  it('traces each attempt to store a batch, a failed one marked as an error', async () => {
    const exporter = new InMemorySpanExporter();
    const tracer = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }).getTracer('test');
    let refusals = 1;
    const gated = gatedStore(() => (refusals-- > 0 ? Object.assign(new Error('gone'), { code: '57P01' }) : undefined));
    const pipeline = pipelineWith(gated.store, { batchSize: 10, tracer });
    const submissions = ['A', 'B'].map((serial) => pipeline.submit(message(serial)));
    await vi.waitFor(() => {
      gated.open();
      expect(gated.batches.flat()).toEqual(['A', 'B']);
    });
    await Promise.all(submissions);
    await pipeline.stop();
    expect(
      exporter.getFinishedSpans().map((span) => [span.name, span.attributes, span.status.code === 2 ? 'error' : 'ok']),
    ).toEqual([
      ['ingest batch', { 'cbm.ingest.messages': 2, 'cbm.ingest.attempt': 1 }, 'error'],
      ['ingest batch', { 'cbm.ingest.messages': 2, 'cbm.ingest.attempt': 2 }, 'ok'],
    ]);
  });
});
