-- What devices report over MQTT (docs/protocol.md): telemetry samples, events, connection changes,
-- commands and their replies, plus the live state kept on the device rows. The high-volume tables
-- are range-partitioned by month; ingestion creates each month's partition (and the next) when the
-- first message for it arrives.

-- Live state of a battery beyond what 001 has. online is null until the battery first reports.
ALTER TABLE battery
  ADD COLUMN online boolean,
  ADD COLUMN connection_changed_at timestamptz,
  ADD COLUMN current_a numeric(8, 2),
  -- Error codes whose error event is active; null for rows from before ingestion kept it.
  ADD COLUMN active_error_codes text[],
  -- Time of the newest stored sample: a sample is stored only in a later resolution bucket.
  ADD COLUMN last_sample_at timestamptz,
  ADD COLUMN info jsonb,
  ADD COLUMN info_timestamp timestamptz;
-- Room in each page, so that updating the live state (no indexed column) stays a HOT update:
-- no index maintenance and no bloat although every message of a battery updates its row.
ALTER TABLE battery SET (fillfactor = 70);

ALTER TABLE charger
  ADD COLUMN status text NOT NULL DEFAULT 'not connected',
  ADD COLUMN online boolean,
  ADD COLUMN connection_changed_at timestamptz,
  ADD COLUMN power_kw numeric(10, 2),
  ADD COLUMN battery_serial text,
  ADD COLUMN last_data jsonb,
  ADD COLUMN last_data_timestamp timestamptz;

ALTER TABLE mdload_unit
  ADD COLUMN online boolean,
  ADD COLUMN connection_changed_at timestamptz,
  ADD COLUMN total_energy_kwh double precision,
  ADD COLUMN last_data jsonb;

ALTER TABLE charging_station
  ADD COLUMN state text,
  ADD COLUMN power_kw numeric(10, 2),
  ADD COLUMN last_data_timestamp timestamptz;

-- Double precision throughout so that figures recomputed from samples equal the roll-ups, which
-- see the same values as the device sent them.
CREATE TABLE battery_sample (
  serial_number text NOT NULL,
  ts timestamptz NOT NULL,
  seq bigint NOT NULL,
  operating_site_id integer NOT NULL,
  state text NOT NULL,
  soc double precision NOT NULL,
  soh double precision NOT NULL,
  stack_voltage double precision NOT NULL,
  current_a double precision NOT NULL,
  min_cell_voltage double precision NOT NULL,
  max_cell_voltage double precision NOT NULL,
  min_cell_temperature double precision NOT NULL,
  max_cell_temperature double precision NOT NULL,
  board_temperature double precision,
  charger_serial text,
  total_energy_charged_kwh double precision NOT NULL,
  total_energy_discharged_kwh double precision NOT NULL,
  total_charging_hours double precision NOT NULL,
  total_discharging_hours double precision NOT NULL,
  total_standby_hours double precision NOT NULL,
  PRIMARY KEY (serial_number, ts)
) PARTITION BY RANGE (ts);

-- Events of batteries, chargers and charger-station units, in full. The key makes a redelivered
-- event a no-op; the indexes serve the event lists (site, newest first) and their common filters.
CREATE TABLE device_event (
  device_class text NOT NULL CHECK (device_class IN ('battery', 'charger', 'mdload')),
  serial_number text NOT NULL,
  seq bigint NOT NULL,
  ts timestamptz NOT NULL,
  operating_site_id integer NOT NULL,
  type text NOT NULL CHECK (type IN ('error', 'warning', 'limit', 'info')),
  code text NOT NULL,
  description text NOT NULL,
  category text,
  active boolean NOT NULL,
  attributes jsonb,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_class, serial_number, seq, ts)
) PARTITION BY RANGE (ts);
CREATE INDEX device_event_site_idx ON device_event (device_class, operating_site_id, ts DESC);
CREATE INDEX device_event_serial_idx ON device_event (serial_number, ts DESC);
CREATE INDEX device_event_site_type_idx ON device_event (device_class, operating_site_id, type, ts DESC);
CREATE INDEX device_event_site_code_idx ON device_event (device_class, operating_site_id, code, ts DESC);

CREATE TABLE charger_sample (
  serial_number text NOT NULL,
  ts timestamptz NOT NULL,
  seq bigint NOT NULL,
  operating_site_id integer NOT NULL,
  state text NOT NULL,
  power_kw double precision NOT NULL,
  battery_serial text,
  PRIMARY KEY (serial_number, ts)
) PARTITION BY RANGE (ts);

CREATE TABLE mdload_sample (
  mdload_serial text NOT NULL,
  ts timestamptz NOT NULL,
  seq bigint NOT NULL,
  operating_site_id integer NOT NULL,
  power_kw double precision NOT NULL,
  total_energy_kwh double precision NOT NULL,
  stations jsonb NOT NULL,
  PRIMARY KEY (mdload_serial, ts)
) PARTITION BY RANGE (ts);
CREATE INDEX mdload_sample_site_idx ON mdload_sample (operating_site_id, ts);

-- Each change of a device's connection (status topic and last will); repeats are not recorded.
CREATE TABLE device_connection (
  device_class text NOT NULL,
  serial_number text NOT NULL,
  ts timestamptz NOT NULL,
  online boolean NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_class, serial_number, ts, online)
);

-- Commands the platform sent, with the result of the latest reply.
CREATE TABLE device_command (
  id uuid PRIMARY KEY,
  device_class text NOT NULL,
  serial_number text NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  issued_at timestamptz NOT NULL,
  issued_by integer REFERENCES app_user (id) ON DELETE SET NULL,
  result text,
  job_status text,
  replied_at timestamptz
);
CREATE INDEX device_command_device_idx ON device_command (device_class, serial_number, issued_at DESC);

CREATE TABLE device_command_reply (
  command_id uuid NOT NULL REFERENCES device_command (id) ON DELETE CASCADE,
  ts timestamptz NOT NULL,
  result text NOT NULL,
  job_status text,
  detail text,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX device_command_reply_unique ON device_command_reply (command_id, ts, result, coalesce(job_status, ''));
