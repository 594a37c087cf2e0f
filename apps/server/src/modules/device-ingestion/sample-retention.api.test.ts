import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, openTestDatabase } from '../../../test/test-app';
import type { Database } from '../../db/database';
import { partitionRepository, SAMPLE_TABLES } from './partition-repository';
import { firstKeptMonth, sampleRetentionJob } from './sample-retention';

const silent = { info: () => undefined } as unknown as Parameters<typeof sampleRetentionJob>[0]['log'];

it('keeps the current month and the given number before it', () => {
  expect(firstKeptMonth(new Date('2026-11-21T10:00:00Z'), 13)).toBe('2025-10');
  expect(firstKeptMonth(new Date('2026-01-01T00:00:00Z'), 1)).toBe('2025-12');
  expect(firstKeptMonth(new Date('2026-03-31T23:59:59Z'), 0)).toBe('2026-03');
});

describeEachDatabase('sample retention', (kind) => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(kind));
  });
  afterAll(() => drop());

  it('drops the sample partitions of months past retention and keeps events and later months', async () => {
    const partitions = partitionRepository(db);
    await partitions.ensureMonths(['2025-08', '2025-09', '2025-10', '2026-11']);
    const folded: string[] = [];
    const job = sampleRetentionJob({
      db,
      months: 13,
      now: () => new Date('2026-11-21T10:00:00Z'),
      log: silent,
      beforeDropping: async (fromMs, toMs) =>
        folded.push(`${new Date(fromMs).toISOString()}/${new Date(toMs).toISOString()}`),
    });

    await job.run();
    expect(folded, 'each battery month is folded before it is dropped').toEqual([
      '2025-08-01T00:00:00.000Z/2025-09-01T00:00:00.000Z',
      '2025-09-01T00:00:00.000Z/2025-10-01T00:00:00.000Z',
    ]);

    for (const table of SAMPLE_TABLES) expect(await partitions.months(table)).toEqual(['2025-10', '2026-11']);
    expect(await partitions.months('device_event')).toEqual(['2025-08', '2025-09', '2025-10', '2026-11']);
    await job.run();
    expect(await partitions.months('battery_sample')).toEqual(['2025-10', '2026-11']);
  });
});
