-- A battery whose connection is gone cannot be in error now (decision 139): offline, never connected or silent
-- comes before error, and its error is the last one it reported (current_error_code, shown, not counted).

-- The status the views show (packages/contracts/src/fleet-health.ts, shownStatus): a current error reads as
-- 'error' while the battery is connected.
CREATE FUNCTION battery_shown_status(status text, current_error_code text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN current_error_code IS NOT NULL AND status NOT IN ('offline', 'not connected', 'silent')
    THEN 'error' ELSE status END;

-- The live state of the five (healthState), offline first.
CREATE OR REPLACE FUNCTION battery_health_state(status text, online boolean, current_error_code text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN online = false OR status IN ('offline', 'not connected', 'silent') THEN 'offline'
    WHEN current_error_code IS NOT NULL OR status = 'error' THEN 'error'
    WHEN status IN ('charging', 'discharging') THEN status ELSE 'standby' END;

-- The kept counts by the new rule: batteries that were disconnected with an error move from error to offline.
DELETE FROM site_battery_health;
INSERT INTO site_battery_health (operating_site_id, state, low_soc, online, batteries)
SELECT operating_site_id, battery_health_state(status, online, current_error_code), coalesce(soc < 20, false),
       coalesce(online, false), count(*)::int
  FROM battery GROUP BY 1, 2, 3, 4;
