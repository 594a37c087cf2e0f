-- Ingestion rewrites every battery's live state and roll-up cursor with each telemetry. Free room on
-- each page lets PostgreSQL keep the new row version on the same page without touching the indexes
-- (a HOT update): less WAL and no index writes per message. Applies to pages written from now on.
ALTER TABLE battery SET (fillfactor = 50);
ALTER TABLE rollup_cursor SET (fillfactor = 50);
