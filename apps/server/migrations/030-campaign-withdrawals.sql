-- Withdrawing a cancelled campaign's jobs (docs/decisions/046-campaign-withdrawal-and-load.md): the runner looks for
-- the jobs that have not begun installing every second; this index holds only those, not every job ever made.
CREATE INDEX update_job_campaign_withdrawable_idx ON update_job (campaign_id)
  WHERE campaign_id IS NOT NULL AND status IN ('created', 'acknowledged', 'upload pending');
