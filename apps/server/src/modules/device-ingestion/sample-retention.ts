import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { PeriodicJob } from '../../jobs/job-scheduler';
import { monthOf, partitionRepository, SAMPLE_TABLES } from './partition-repository';

export const SAMPLE_RETENTION_JOB = 'sample-retention';
const EVERY_MS = 6 * 60 * 60 * 1000;

/** The oldest month whose samples are kept when `months` months are kept besides the current one. */
export function firstKeptMonth(now: Date, months: number): string {
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)));
}

/**
 * Every six hours, on one replica (app.jobs): drops the sample partitions (battery, charger,
 * charger-station unit) of months before the kept ones. Dropping a month is instant and leaves no
 * bloat; events and roll-ups are kept, so statistics and the event list outlive the raw samples.
 */
export function sampleRetentionJob(options: {
  db: Database;
  months: number;
  now?: () => Date;
  log: FastifyBaseLogger;
}): PeriodicJob {
  return {
    name: SAMPLE_RETENTION_JOB,
    everyMs: EVERY_MS,
    async run() {
      const before = firstKeptMonth(options.now?.() ?? new Date(), options.months);
      const dropped = await partitionRepository(options.db).dropMonthsBefore(SAMPLE_TABLES, before);
      if (dropped.length > 0) options.log.info({ dropped, before }, 'dropped sample partitions past retention');
    },
  };
}
