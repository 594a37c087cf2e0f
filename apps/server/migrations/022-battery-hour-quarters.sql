-- Per hour row, the sums over its first 15, 30 and 45 minutes of the figures statistics and the export read
-- (charged and discharged µkWh, operating and low-SoC ms), so that the days of zones with :15/:30/:45
-- offsets (Asia/Kolkata, Asia/Kathmandu, Australia/Adelaide, America/St_Johns) are exact sums of roll-ups
-- (docs/decisions/033-quarter-hour-partial-sums.md). NULL in rows written before this migration until
-- `rollups recompute` redoes them; such zones answer 400 over those hours.
ALTER TABLE battery_hour
  ADD COLUMN charged_ukwh_15 bigint,
  ADD COLUMN charged_ukwh_30 bigint,
  ADD COLUMN charged_ukwh_45 bigint,
  ADD COLUMN discharged_ukwh_15 bigint,
  ADD COLUMN discharged_ukwh_30 bigint,
  ADD COLUMN discharged_ukwh_45 bigint,
  ADD COLUMN operating_ms_15 bigint,
  ADD COLUMN operating_ms_30 bigint,
  ADD COLUMN operating_ms_45 bigint,
  ADD COLUMN low_soc_ms_15 bigint,
  ADD COLUMN low_soc_ms_30 bigint,
  ADD COLUMN low_soc_ms_45 bigint;
