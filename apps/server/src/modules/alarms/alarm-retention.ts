import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { PeriodicJob } from '../../jobs/job-scheduler';
import { alarmRepository } from './alarm-repository';

export const ALARM_RETENTION_JOB = 'alarm-retention';
const EVERY_MS = 60 * 60 * 1000;
/** Alarms deleted per statement: a first run over years of alarms holds no long lock and no huge transaction. */
const BATCH = 5000;

/**
 * Hourly, on one replica (app.jobs): deletes the alarms cleared more than `days` ago (ALARM_RETENTION_DAYS,
 * decision 044). Open and acknowledged alarms stay however old.
 */
export function alarmRetentionJob({
  db,
  days,
  log,
}: {
  db: Database;
  days: number;
  log: FastifyBaseLogger;
}): PeriodicJob {
  return {
    name: ALARM_RETENTION_JOB,
    everyMs: EVERY_MS,
    async run() {
      let deleted = 0;
      let batch: number;
      do {
        batch = await alarmRepository(db).purgeCleared(days, BATCH);
        deleted += batch;
      } while (batch === BATCH);
      if (deleted > 0) log.info({ deleted, days }, 'deleted cleared alarms past their retention');
    },
  };
}
