-- Roll-ups maintained at ingestion so that statistics, exports and reports read small tables.
-- How samples are attributed: docs/decisions/006-rollups.md.

-- A contiguous run of 'charging' samples. end_at/end_soc are the latest known while is_open.
CREATE TABLE charge_session (
  battery_serial_number text NOT NULL REFERENCES battery (serial_number) ON DELETE CASCADE,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  operating_site_id integer NOT NULL REFERENCES operating_site (id) ON DELETE CASCADE,
  start_soc double precision NOT NULL,
  end_soc double precision NOT NULL,
  energy_kwh numeric(16, 6) NOT NULL,
  charger_serial text,
  is_open boolean NOT NULL,
  PRIMARY KEY (battery_serial_number, start_at),
  CHECK (end_at >= start_at)
);
CREATE INDEX charge_session_site_idx ON charge_session (operating_site_id, start_at);
CREATE UNIQUE INDEX charge_session_open_idx ON charge_session (battery_serial_number) WHERE is_open;

-- One battery's figures for one calendar day at one site, counted in `timezone` (the site's zone
-- when the day was rolled up). Durations in milliseconds; operating = all time with a known state
-- (charging + discharging + standby + idle + error); offline = gaps between samples.
CREATE TABLE battery_day (
  battery_serial_number text NOT NULL REFERENCES battery (serial_number) ON DELETE CASCADE,
  operating_site_id integer NOT NULL REFERENCES operating_site (id) ON DELETE CASCADE,
  day date NOT NULL,
  timezone text NOT NULL,
  energy_charged_kwh numeric(16, 6) NOT NULL,
  energy_discharged_kwh numeric(16, 6) NOT NULL,
  operating_ms bigint NOT NULL,
  charging_ms bigint NOT NULL,
  discharging_ms bigint NOT NULL,
  standby_ms bigint NOT NULL,
  idle_ms bigint NOT NULL,
  error_ms bigint NOT NULL,
  offline_ms bigint NOT NULL,
  low_soc_ms bigint NOT NULL,
  charge_sessions integer NOT NULL,
  min_soc double precision,
  max_soc double precision,
  soh double precision,
  PRIMARY KEY (battery_serial_number, operating_site_id, day)
);
CREATE INDEX battery_day_site_idx ON battery_day (operating_site_id, day);

-- The last sample each battery's roll-ups have processed; a row without sample_at is a battery
-- whose first batch is being processed.
CREATE TABLE rollup_cursor (
  battery_serial_number text PRIMARY KEY REFERENCES battery (serial_number) ON DELETE CASCADE,
  sample_at timestamptz,
  operating_site_id integer REFERENCES operating_site (id) ON DELETE CASCADE,
  state text,
  soc double precision,
  soh double precision,
  charger_serial text,
  total_charged_ukwh bigint,
  total_discharged_ukwh bigint
);
