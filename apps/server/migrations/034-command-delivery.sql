-- Commands are delivered at least once until the device answers (decision 072): how often a command went out, when
-- it goes out again while no reply came (NULL once one came, or once it expired), until when it is tried, and when
-- it was given up without an answer. Update jobs whose command went unanswered end 'no answer'.
ALTER TABLE device_command
  ADD COLUMN attempts integer NOT NULL DEFAULT 1,
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN unanswered_at timestamptz;
CREATE INDEX device_command_awaiting_idx ON device_command (next_attempt_at) WHERE next_attempt_at IS NOT NULL;

ALTER TABLE update_job DROP CONSTRAINT update_job_status_check;
ALTER TABLE update_job ADD CONSTRAINT update_job_status_check CHECK (status IN (
  'created', 'started', 'in progress', 'successfully finished', 'failed', 'aborted', 'rejected',
  'obsolete', 'acknowledged', 'executed', 'discarded', 'upload pending', 'no answer'));
