import { SILENT_AFTER_MINUTES } from '@cbm/contracts/fleet-health';

/**
 * A unit's status as every view shows it (decision 140): offline once its connection is gone or it has been
 * silent for SILENT_AFTER_MINUTES (the batteries' rule), whatever error it last reported (station_shown_status,
 * migration 070). For queries that read the unit as `u`; `silentSince` is when a unit's last data makes it silent.
 */
export const unitShownStatusSql = (silentSince = `now() - make_interval(mins => ${SILENT_AFTER_MINUTES})`) =>
  `station_shown_status(u.status, u.online, u.last_data_timestamp, ${silentSince})`;

/**
 * A station's live state and power as every view shows them (docs/reports.md, charger station): a station is
 * charging whenever the charger assigned to it is, and then draws at least what that charger delivers; else
 * what its unit last reported. For queries that join the station as `s` and its charger as `c` (LEFT JOIN).
 */
export const STATION_STATE_SQL = `CASE WHEN c.status = 'charging' THEN 'charging' ELSE s.state END`;
export const STATION_POWER_SQL = `(CASE WHEN c.status = 'charging'
  THEN greatest(coalesce(s.power_kw, 0), coalesce(c.power_kw, 0)) ELSE s.power_kw END)::float8`;
