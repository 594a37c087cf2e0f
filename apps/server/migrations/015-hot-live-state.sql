-- Ingestion rewrites a battery's live state and its roll-up cursor with each telemetry. Free room on
-- each page lets PostgreSQL keep the new row version on the same page without touching the indexes
-- (a HOT update): less WAL and no index writes per message. 70 % (migration 002) left too little
-- room for the battery's wide rows; the cursor had none. Applies to pages written from now on.
ALTER TABLE battery SET (fillfactor = 50);
ALTER TABLE rollup_cursor SET (fillfactor = 50);
