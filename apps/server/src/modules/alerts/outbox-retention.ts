import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { PeriodicJob } from '../../jobs/job-scheduler';
import { pruneOutboxFiles } from '../mail/outbox-files';
import { deliveryRepository } from './delivery-repository';

export const OUTBOX_RETENTION_JOB = 'alert-outbox-retention';
const EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface OutboxRetentionOptions {
  db: Database;
  /** The folder of .eml files when mails are not sent over SMTP. */
  outboxDir: string;
  /** Sent mails and their files are kept this many days (MAIL_OUTBOX_RETENTION_DAYS). */
  retentionDays: number;
  log: FastifyBaseLogger;
}

/**
 * Hourly, on one replica (app.jobs): deletes the outbox rows of mails sent more than `retentionDays` ago and
 * the outbox files as old. Unsent and refused mails stay.
 */
export function outboxRetentionJob({ db, outboxDir, retentionDays, log }: OutboxRetentionOptions): PeriodicJob {
  return {
    name: OUTBOX_RETENTION_JOB,
    everyMs: EVERY_MS,
    async run() {
      const rows = await deliveryRepository(db).pruneSent(retentionDays);
      const files = await pruneOutboxFiles(outboxDir, new Date(Date.now() - retentionDays * DAY_MS));
      if (rows + files > 0) log.info({ rows, files, retentionDays }, 'pruned the alert mail outbox');
    },
  };
}
