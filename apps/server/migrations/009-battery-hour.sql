-- A battery's figures per UTC hour at one site, so that statistics and exports can count days, weeks
-- and months in any time zone with whole-hour offsets exactly (docs/decisions/014-statistics-and-export.md).
-- Same attribution as battery_day (docs/decisions/006-rollups.md), split at every full UTC hour.
CREATE TABLE battery_hour (
  battery_serial_number text NOT NULL REFERENCES battery (serial_number) ON DELETE CASCADE,
  operating_site_id integer NOT NULL REFERENCES operating_site (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  energy_charged_kwh numeric(16, 6) NOT NULL,
  energy_discharged_kwh numeric(16, 6) NOT NULL,
  operating_ms bigint NOT NULL,
  low_soc_ms bigint NOT NULL,
  PRIMARY KEY (battery_serial_number, operating_site_id, hour)
);
CREATE INDEX battery_hour_site_idx ON battery_hour (operating_site_id, hour);
