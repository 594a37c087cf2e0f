import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Queryable } from '../db/database';
import { jobLeaseRepository } from './job-lease-repository';

export interface ExclusiveOptions {
  /** The job is due again this long after a run started (default 0: as soon as it finished). */
  everyMs?: number;
  /** How long a replica that stopped answering keeps the job; renewed while the job runs (default 60 s). */
  leaseMs?: number;
  /** Who runs it, for the job_lease row (default host and process id). */
  holder?: string;
}

export type ExclusiveOutcome = { ran: true } | { ran: false };

const DEFAULT_LEASE_MS = 60_000;

/**
 * Runs `work` if this replica claims the job: it is due and no other replica holds its lease
 * (job_lease, migration 012). Of replicas calling at once, exactly one runs it; the others get
 * { ran: false }. A replica that dies mid-run loses the lease after leaseMs and another one runs
 * the job again, so jobs must be idempotent (docs/decisions/017-scale-out-and-jobs.md).
 * An error of `work` is recorded in job_lease.last_error and thrown again.
 */
export async function runExclusively(
  db: Queryable,
  name: string,
  work: () => Promise<void>,
  options: ExclusiveOptions = {},
): Promise<ExclusiveOutcome> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const token = `${options.holder ?? `${os.hostname()}-${process.pid}`}:${randomUUID()}`;
  const leases = jobLeaseRepository(db);
  if (!(await leases.claim(name, token, leaseMs))) return { ran: false };
  const renew = setInterval(() => void leases.extend(name, token, leaseMs).catch(() => undefined), leaseMs / 3);
  try {
    await work();
  } catch (error) {
    await leases.finish(name, token, options.everyMs ?? 0, String(error instanceof Error ? error.message : error));
    throw error;
  } finally {
    clearInterval(renew);
  }
  await leases.finish(name, token, options.everyMs ?? 0, null);
  return { ran: true };
}
