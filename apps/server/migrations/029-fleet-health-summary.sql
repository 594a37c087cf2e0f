-- Fleet-health figures without reading every battery (docs/decisions/045-fleet-health-complete-and-fast.md).

-- A battery's one live state of five (packages/contracts/src/fleet-health.ts, healthState), in SQL once.
CREATE FUNCTION battery_health_state(status text, online boolean, current_error_code text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN current_error_code IS NOT NULL OR status = 'error' THEN 'error'
    WHEN online = false OR status IN ('offline', 'not connected') THEN 'offline'
    WHEN status IN ('charging', 'discharging') THEN status ELSE 'standby' END;

-- How many batteries of a site are in each live state, with and without low SoC: kept by the statements
-- that change batteries (the triggers below), so the figures read a few rows per site.
CREATE TABLE site_battery_health (
  operating_site_id integer NOT NULL REFERENCES operating_site (id) ON DELETE CASCADE,
  state text NOT NULL,
  low_soc boolean NOT NULL,
  batteries integer NOT NULL,
  PRIMARY KEY (operating_site_id, state, low_soc)
);

-- Adds the changed rows' classes and takes away the old ones', per statement. Only classes whose count
-- changed are written (ordered, so concurrent statements lock in the same order): telemetry that keeps a
-- battery's state writes nothing here. 20 is LOW_SOC_PERCENT.
CREATE FUNCTION site_battery_health_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_battery_health AS h (operating_site_id, state, low_soc, batteries)
  SELECT site, state, low_soc, sum(delta)::int FROM (
      SELECT operating_site_id AS site, battery_health_state(status, online, current_error_code) AS state,
             coalesce(soc < 20, false) AS low_soc, 1 AS delta FROM new_rows
      UNION ALL
      SELECT operating_site_id, battery_health_state(status, online, current_error_code),
             coalesce(soc < 20, false), -1 FROM old_rows
    ) AS changes
   GROUP BY site, state, low_soc HAVING sum(delta) <> 0
   ORDER BY site, state, low_soc
  ON CONFLICT (operating_site_id, state, low_soc) DO UPDATE SET batteries = h.batteries + excluded.batteries;
  RETURN NULL;
END $$;

CREATE FUNCTION site_battery_health_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_battery_health AS h (operating_site_id, state, low_soc, batteries)
  SELECT operating_site_id, battery_health_state(status, online, current_error_code), coalesce(soc < 20, false),
         count(*)::int
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (operating_site_id, state, low_soc) DO UPDATE SET batteries = h.batteries + excluded.batteries;
  RETURN NULL;
END $$;

CREATE FUNCTION site_battery_health_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_battery_health h SET batteries = h.batteries - gone.batteries
    FROM (SELECT operating_site_id, battery_health_state(status, online, current_error_code) AS state,
                 coalesce(soc < 20, false) AS low_soc, count(*)::int AS batteries
            FROM old_rows GROUP BY 1, 2, 3) AS gone
   WHERE h.operating_site_id = gone.operating_site_id AND h.state = gone.state AND h.low_soc = gone.low_soc;
  RETURN NULL;
END $$;

CREATE FUNCTION site_battery_health_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM site_battery_health;
  RETURN NULL;
END $$;

CREATE TRIGGER battery_health_update AFTER UPDATE ON battery REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_battery_health_apply();
CREATE TRIGGER battery_health_insert AFTER INSERT ON battery REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_battery_health_insert();
CREATE TRIGGER battery_health_delete AFTER DELETE ON battery REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION site_battery_health_delete();
CREATE TRIGGER battery_health_truncate AFTER TRUNCATE ON battery
  FOR EACH STATEMENT EXECUTE FUNCTION site_battery_health_truncate();

INSERT INTO site_battery_health (operating_site_id, state, low_soc, batteries)
SELECT operating_site_id, battery_health_state(status, online, current_error_code), coalesce(soc < 20, false),
       count(*)::int
  FROM battery GROUP BY 1, 2, 3;

-- The time-bound figures (an error within 24 h, service due or overdue) count index ranges. Ingestion
-- writes neither column's value anew with each message, so its updates stay HOT (migration 015).
CREATE INDEX battery_site_error_at_idx ON battery (operating_site_id, last_error_at) WHERE last_error_at IS NOT NULL;
CREATE INDEX battery_site_service_idx ON battery (operating_site_id, next_service_date)
  WHERE next_service_date IS NOT NULL;

-- Active alarms per site (the overview's figure).
CREATE INDEX alarm_site_open_idx ON alarm (operating_site_id, product) WHERE cleared_at IS NULL;
