import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { PeriodicJob } from '../../jobs/job-scheduler';
import { datalogRepository } from './datalog-repository';
import type { DatalogStorage } from './datalog-storage';

/** The retention job looks this often (a zip lives at most this much longer than its four days). */
export const DATALOG_RETENTION_INTERVAL_MS = 10 * 60 * 1000;

export interface RetentionOutcome {
  expired: number;
  timedOut: number;
}

/**
 * Deletes the zips whose four days are over (file first, then the row becomes 'expired': a row never
 * points at a deleted file for longer than this call) and fails requests whose upload link ran out.
 */
export async function runDatalogRetention(db: Database, storage: DatalogStorage, now: Date): Promise<RetentionOutcome> {
  const datalogs = datalogRepository(db);
  const due = await datalogs.dueForDeletion(now);
  for (const { storageKey } of due) {
    if (storageKey) await storage.remove(storageKey);
  }
  if (due.length > 0) await datalogs.markExpired(due.map((datalog) => datalog.id));
  return { expired: due.length, timedOut: await datalogs.timeOut(now) };
}

export const DATALOG_RETENTION_JOB = 'datalog-retention';

/** Every interval, on one replica (app.jobs). */
export function datalogRetentionJob(options: {
  db: Database;
  storage: DatalogStorage;
  now: () => Date;
  log: FastifyBaseLogger;
}): PeriodicJob {
  return {
    name: DATALOG_RETENTION_JOB,
    everyMs: DATALOG_RETENTION_INTERVAL_MS,
    async run() {
      const outcome = await runDatalogRetention(options.db, options.storage, options.now());
      if (outcome.expired + outcome.timedOut > 0) options.log.info(outcome, 'datalog retention');
    },
  };
}
