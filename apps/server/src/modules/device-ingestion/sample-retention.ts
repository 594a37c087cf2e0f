import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { PeriodicJob } from '../../jobs/job-scheduler';
import { monthOf, nextMonth, partitionRepository, SAMPLE_TABLES } from './partition-repository';

export const SAMPLE_RETENTION_JOB = 'sample-retention';
const EVERY_MS = 6 * 60 * 60 * 1000;

/** The oldest month whose samples are kept when `months` months are kept besides the current one. */
export function firstKeptMonth(now: Date, months: number): string {
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)));
}

const monthStartMs = (month: string) => Date.parse(`${month}-01T00:00:00Z`);

/**
 * Every six hours, on one replica (app.jobs): drops the sample partitions (battery, charger,
 * charger-station unit) of months before the kept ones. Dropping a month is instant and leaves no
 * bloat; events and roll-ups are kept, so statistics and the event list outlive the raw samples.
 * `beforeDropping` keeps what only the battery samples hold (the care hours) first, month by month.
 */
export function sampleRetentionJob(options: {
  db: Database;
  months: number;
  now?: () => Date;
  log: FastifyBaseLogger;
  beforeDropping?: (fromMs: number, toMs: number) => Promise<unknown>;
}): PeriodicJob {
  return {
    name: SAMPLE_RETENTION_JOB,
    everyMs: EVERY_MS,
    async run() {
      const before = firstKeptMonth(options.now?.() ?? new Date(), options.months);
      const partitions = partitionRepository(options.db);
      for (const month of (await partitions.months('battery_sample')).filter((old) => old < before)) {
        await options.beforeDropping?.(monthStartMs(month), monthStartMs(nextMonth(month)));
      }
      const dropped = await partitions.dropMonthsBefore(SAMPLE_TABLES, before);
      if (dropped.length > 0) options.log.info({ dropped, before }, 'dropped sample partitions past retention');
    },
  };
}
