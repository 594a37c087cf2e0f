import type { Queryable } from '../db/database';

/** The job_lease table (migration 012): who may run a periodic job now, and when it is due next. */
export function jobLeaseRepository(db: Queryable) {
  return {
    /**
     * Claims the job for `token` when it is due and nobody holds an unexpired lease; one statement,
     * so of several replicas claiming at once exactly one gets the row back.
     */
    async claim(name: string, token: string, leaseMs: number): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO job_lease AS job (name, holder, leased_until, last_started_at)
         VALUES ($1, $2, now() + $3::bigint * interval '1 millisecond', now())
         ON CONFLICT (name) DO UPDATE
            SET holder = excluded.holder, leased_until = excluded.leased_until, last_started_at = excluded.last_started_at
          WHERE job.leased_until <= now() AND job.next_run_at <= now()
         RETURNING name`,
        [name, token, leaseMs],
      );
      return rows.length === 1;
    },

    /** Extends a lease still held by `token`; false when it was lost (expired and taken over). */
    async extend(name: string, token: string, leaseMs: number): Promise<boolean> {
      const rows = await db.query(
        `UPDATE job_lease SET leased_until = now() + $3::bigint * interval '1 millisecond'
          WHERE name = $1 AND holder = $2 RETURNING name`,
        [name, token, leaseMs],
      );
      return rows.length === 1;
    },

    /** Releases the lease and makes the job due `everyMs` after this run started. */
    async finish(name: string, token: string, everyMs: number, error: string | null): Promise<void> {
      await db.query(
        `UPDATE job_lease
            SET leased_until = now(), last_finished_at = now(), last_error = $4, runs = runs + 1,
                next_run_at = last_started_at + $3::bigint * interval '1 millisecond'
          WHERE name = $1 AND holder = $2`,
        [name, token, everyMs, error],
      );
    },
  };
}
