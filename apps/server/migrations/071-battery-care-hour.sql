-- A battery's care counters per UTC hour at one site (docs/decisions/141-care-counters-from-hourly-rollups.md):
-- what the care counters read for hours without raw samples (past the samples' retention, and the demo's
-- history, which is seeded as roll-ups). Each fact is counted in the hour it belongs to, so hours add up.
CREATE TABLE battery_care_hour (
  battery_serial_number text NOT NULL,
  operating_site_id integer NOT NULL,
  hour timestamptz NOT NULL,
  online_ms bigint NOT NULL,
  hot_ms bigint NOT NULL,
  hot_charging_ms bigint NOT NULL,
  deep_discharges integer NOT NULL,
  deep_sleep_risks integer NOT NULL,
  opportunity_charges integer NOT NULL,
  PRIMARY KEY (battery_serial_number, operating_site_id, hour)
);
