-- Ingestion rewrites a battery's live state with each telemetry message (decision 020). The state and
-- charger of the newest telemetry, which the next batch continues from, get columns of their own, and the
-- newest telemetry itself is kept as it was sent (json): nothing in SQL looks into it any more, so
-- PostgreSQL no longer builds a jsonb value from every message.
ALTER TABLE battery
  ADD COLUMN telemetry_state text,
  ADD COLUMN telemetry_charger_serial text;
UPDATE battery
   SET telemetry_state = last_data->>'state', telemetry_charger_serial = last_data->>'chargerSerial'
 WHERE last_data IS NOT NULL;
ALTER TABLE battery ALTER COLUMN last_data TYPE json USING last_data::json;
