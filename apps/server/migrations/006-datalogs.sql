-- Datalogs (docs/decisions/011-datalogs-and-profiles.md): the device's upload link, the stored zip and
-- why a request failed. Only the SHA-256 of the upload token is stored.
ALTER TABLE datalog
  ADD COLUMN command_id uuid,
  ADD COLUMN upload_token_hash text,
  ADD COLUMN upload_token_expires_at timestamptz,
  ADD COLUMN size_bytes bigint,
  ADD COLUMN sha256 text,
  ADD COLUMN failure text CHECK (failure IN ('refused', 'failed', 'timeout')),
  ADD COLUMN failure_detail text;

-- The retention job looks only at datalogs that still wait for an upload or hold a file.
CREATE INDEX datalog_open_idx ON datalog (status, expires_at, upload_token_expires_at)
  WHERE status IN ('requested', 'uploaded');
