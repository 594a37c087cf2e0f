-- Hour rows carry every figure a day row has (docs/decisions/026-one-definition-per-figure.md), so that a
-- report in any whole-hour zone, or past the raw samples' retention, reads the same roll-ups as statistics.
-- Rows written before this migration have 0 in the new columns until `rollups recompute` redoes them.
ALTER TABLE battery_hour
  ADD COLUMN charging_ms bigint NOT NULL DEFAULT 0,
  ADD COLUMN discharging_ms bigint NOT NULL DEFAULT 0,
  ADD COLUMN standby_ms bigint NOT NULL DEFAULT 0,
  ADD COLUMN idle_ms bigint NOT NULL DEFAULT 0,
  ADD COLUMN error_ms bigint NOT NULL DEFAULT 0,
  ADD COLUMN offline_ms bigint NOT NULL DEFAULT 0,
  ADD COLUMN min_soc double precision,
  ADD COLUMN max_soc double precision,
  ADD COLUMN soh double precision;
