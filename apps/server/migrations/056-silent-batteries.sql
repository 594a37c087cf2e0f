-- A battery without data for longer than its expected interval is silent (decision 110): the battery-silence job
-- sets its status 'silent', and its live state is then 'offline' like that of a battery that said goodbye.
CREATE OR REPLACE FUNCTION battery_health_state(status text, online boolean, current_error_code text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN current_error_code IS NOT NULL OR status = 'error' THEN 'error'
    WHEN online = false OR status IN ('offline', 'not connected', 'silent') THEN 'offline'
    WHEN status IN ('charging', 'discharging') THEN status ELSE 'standby' END;
