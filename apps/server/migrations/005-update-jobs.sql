-- Software updates (docs/decisions/010-update-jobs.md): the expected versions per battery type, the
-- image's version, the device command of a job with its short-lived download token (only its SHA-256
-- is stored) and the device's last detail text.
CREATE TABLE expected_version (
  battery_type text PRIMARY KEY,
  bsp_version text,
  bam_version text,
  boot_version text,
  firmware_version text,
  hardware_version text,
  iot_hmi_version text,
  iot_sw_version text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE update_file ADD COLUMN version text;

ALTER TABLE update_job
  ADD COLUMN command_id uuid,
  ADD COLUMN download_token_hash text,
  ADD COLUMN download_expires_at timestamptz,
  ADD COLUMN detail text,
  ADD CONSTRAINT update_job_status_check CHECK (status IN (
    'created', 'started', 'in progress', 'successfully finished', 'failed', 'aborted', 'rejected',
    'obsolete', 'acknowledged', 'executed', 'discarded', 'upload pending'));
