/**
 * A station's live state and power as every view shows them (docs/reports.md, charger station): a station is
 * charging whenever the charger assigned to it is, and then draws at least what that charger delivers; else
 * what its unit last reported. For queries that join the station as `s` and its charger as `c` (LEFT JOIN).
 */
export const STATION_STATE_SQL = `CASE WHEN c.status = 'charging' THEN 'charging' ELSE s.state END`;
export const STATION_POWER_SQL = `(CASE WHEN c.status = 'charging'
  THEN greatest(coalesce(s.power_kw, 0), coalesce(c.power_kw, 0)) ELSE s.power_kw END)::float8`;
