-- battery_hour gets 24 rows per battery and day, from ingestion and from the demo history (90 days, about
-- 650,000 rows per seed). Its two foreign keys cost a trigger and an index lookup each per row (two thirds
-- of the seed's hour insert), while every row is written by the roll-ups for a battery that ingestion has
-- just locked, and nothing deletes batteries or sites. docs/decisions/027-history-and-station-figures.md.
ALTER TABLE battery_hour DROP CONSTRAINT IF EXISTS battery_hour_battery_serial_number_fkey;
ALTER TABLE battery_hour DROP CONSTRAINT IF EXISTS battery_hour_operating_site_id_fkey;
