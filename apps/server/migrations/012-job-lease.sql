-- Periodic jobs that must run once across all server replicas (retention, alert mails, roll-up work).
-- A replica runs a job only after claiming its row: the job is due (next_run_at passed) and no other
-- replica holds an unexpired lease. docs/decisions/017-scale-out-and-jobs.md.
CREATE TABLE job_lease (
  name text PRIMARY KEY,
  holder text,
  leased_until timestamptz NOT NULL DEFAULT '-infinity',
  next_run_at timestamptz NOT NULL DEFAULT '-infinity',
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_error text,
  runs bigint NOT NULL DEFAULT 0
);
