-- The Live View's network banner without reading every battery of the site (decision 065): the
-- summary the battery triggers keep (migration 029) also tells batteries online now from the rest,
-- and the batteries that went offline recently are an index range.

ALTER TABLE site_battery_health ADD COLUMN online boolean NOT NULL DEFAULT false;
ALTER TABLE site_battery_health DROP CONSTRAINT site_battery_health_pkey;
ALTER TABLE site_battery_health ADD PRIMARY KEY (operating_site_id, state, low_soc, online);

CREATE OR REPLACE FUNCTION site_battery_health_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_battery_health AS h (operating_site_id, state, low_soc, online, batteries)
  SELECT site, state, low_soc, online, sum(delta)::int FROM (
      SELECT operating_site_id AS site, battery_health_state(status, online, current_error_code) AS state,
             coalesce(soc < 20, false) AS low_soc, coalesce(online, false) AS online, 1 AS delta FROM new_rows
      UNION ALL
      SELECT operating_site_id, battery_health_state(status, online, current_error_code),
             coalesce(soc < 20, false), coalesce(online, false), -1 FROM old_rows
    ) AS changes
   GROUP BY site, state, low_soc, online HAVING sum(delta) <> 0
   ORDER BY site, state, low_soc, online
  ON CONFLICT (operating_site_id, state, low_soc, online) DO UPDATE SET batteries = h.batteries + excluded.batteries;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION site_battery_health_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_battery_health AS h (operating_site_id, state, low_soc, online, batteries)
  SELECT operating_site_id, battery_health_state(status, online, current_error_code), coalesce(soc < 20, false),
         coalesce(online, false), count(*)::int
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (operating_site_id, state, low_soc, online) DO UPDATE SET batteries = h.batteries + excluded.batteries;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION site_battery_health_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_battery_health h SET batteries = h.batteries - gone.batteries
    FROM (SELECT operating_site_id, battery_health_state(status, online, current_error_code) AS state,
                 coalesce(soc < 20, false) AS low_soc, coalesce(online, false) AS online, count(*)::int AS batteries
            FROM old_rows GROUP BY 1, 2, 3, 4) AS gone
   WHERE h.operating_site_id = gone.operating_site_id AND h.state = gone.state AND h.low_soc = gone.low_soc
     AND h.online = gone.online;
  RETURN NULL;
END $$;

DELETE FROM site_battery_health;
INSERT INTO site_battery_health (operating_site_id, state, low_soc, online, batteries)
SELECT operating_site_id, battery_health_state(status, online, current_error_code), coalesce(soc < 20, false),
       coalesce(online, false), count(*)::int
  FROM battery GROUP BY 1, 2, 3, 4;

-- Ingestion writes `online` and `connection_changed_at` anew only when a battery connects or drops, so
-- its telemetry updates stay HOT (migration 015).
CREATE INDEX battery_site_dropped_idx ON battery (operating_site_id, connection_changed_at) WHERE online = false;
