-- A charger-station unit whose connection is gone cannot be in error now (decision 140, as 139 for batteries):
-- offline, never connected or silent comes before error; the error is the last one it reported.

-- The status the views show (the live view, its CSV): a unit that is connected but has not reported since
-- silent_since (SILENT_AFTER_MINUTES ago, the batteries' rule, decision 110) or whose connection is gone reads
-- 'offline'; one never connected keeps its status.
CREATE FUNCTION station_shown_status(status text, online boolean, last_data_timestamp timestamptz,
                                     silent_since timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN status <> 'not connected' AND (online = false OR last_data_timestamp < silent_since)
    THEN 'offline' ELSE status END;

-- The unit's live state of the four, of its shown status (packages/contracts/src/fleet-health.ts, stationState),
-- offline first.
CREATE FUNCTION station_health_state(status text, online boolean) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN online = false OR status IN ('offline', 'not connected') THEN 'offline'
    WHEN status = 'error' THEN 'error'
    WHEN status = 'charging' THEN 'charging' ELSE 'standby' END;
