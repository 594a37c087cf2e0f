import type { Queryable } from '../db/database';
import { runExclusively } from './run-exclusively';

export interface PeriodicJob {
  /** Unique across the deployment: the job_lease row. */
  name: string;
  everyMs: number;
  leaseMs?: number;
  run(): Promise<void>;
}

export interface JobSchedulerOptions {
  db: Queryable;
  holder: string;
  onError(job: string, error: unknown): void;
}

/** Replicas look at least this often whether a job is due, so a job survives a replica that died. */
const MAX_POLL_MS = 5_000;

/**
 * Every replica runs the same scheduler; runExclusively makes each run of a job happen on one
 * replica only. A job is not started again on this replica while its previous run is still going.
 */
export function jobScheduler({ db, holder, onError }: JobSchedulerOptions) {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  const poll = (job: PeriodicJob) => {
    const run = runExclusively(db, job.name, () => job.run(), { everyMs: job.everyMs, leaseMs: job.leaseMs, holder })
      .then(() => undefined)
      .catch((error: unknown) => onError(job.name, error))
      .finally(() => {
        running.delete(run);
        if (!stopped)
          timers.set(
            job.name,
            setTimeout(() => poll(job), Math.min(job.everyMs, MAX_POLL_MS)),
          );
      });
    running.add(run);
  };

  return {
    schedule(job: PeriodicJob) {
      if (timers.has(job.name)) throw new Error(`Job ${job.name} is scheduled already`);
      timers.set(
        job.name,
        setTimeout(() => poll(job), 0),
      );
    },
    /** Stops polling and waits for the runs in progress. */
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}
