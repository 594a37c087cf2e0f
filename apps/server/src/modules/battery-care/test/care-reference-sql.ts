/**
 * The care counters recomputed from battery_sample alone, for the API test: window functions over every sample of
 * the battery at the site and a correlated look-up of each parking spell's end, written apart from
 * care-counters.ts. $1 site, $2 serials, $3/$4 the period's first and end instant, $5 its number of local days.
 */
export const CARE_REFERENCE_SQL = `
WITH s AS (
  SELECT serial_number, ts, state, soc, max_cell_temperature AS t,
    lag(ts) OVER w AS prev_ts, lag(state) OVER w AS prev_state, lag(soc) OVER w AS prev_soc,
    lead(ts) OVER w AS next_ts,
    (state NOT IN ('charging', 'discharging') AND soc < 20) AS parked,
    lag(state NOT IN ('charging', 'discharging') AND soc < 20) OVER w AS prev_parked
  FROM battery_sample
  WHERE operating_site_id = $1 AND serial_number = ANY($2::text[])
  WINDOW w AS (PARTITION BY serial_number ORDER BY ts)
),
online AS (
  SELECT serial_number, state, t > 45 AS hot,
    greatest(0, extract(epoch FROM least(next_ts, $4::timestamptz) - greatest(ts, $3::timestamptz)) * 1000) AS ms
  FROM s WHERE next_ts - ts <= interval '15 minutes'
),
hot AS (SELECT * FROM online WHERE hot),
spells AS (
  SELECT a.serial_number, a.ts AS started,
    coalesce(
      (SELECT min(b.ts) FROM s b WHERE b.serial_number = a.serial_number AND b.ts > a.ts AND NOT b.parked),
      (SELECT max(c.ts) FROM s c WHERE c.serial_number = a.serial_number)) AS through
  FROM s a WHERE a.parked AND prev_parked IS NOT TRUE
),
counted AS (
  SELECT serial.serial_number,
    (SELECT count(*) FROM s WHERE s.serial_number = serial.serial_number AND ts >= $3 AND ts < $4) AS samples,
    (SELECT count(*) FROM s WHERE s.serial_number = serial.serial_number AND ts >= $3 AND ts < $4
       AND soc < 10 AND (prev_soc IS NULL OR prev_soc >= 10)) AS deep,
    (SELECT coalesce(sum(ms), 0) FROM online WHERE online.serial_number = serial.serial_number) AS online_ms,
    (SELECT coalesce(sum(ms), 0) FROM hot WHERE hot.serial_number = serial.serial_number) AS hot_ms,
    (SELECT coalesce(sum(ms), 0) FROM hot WHERE hot.serial_number = serial.serial_number
       AND state = 'charging') AS hot_charging_ms,
    (SELECT count(*) FROM spells WHERE spells.serial_number = serial.serial_number
       AND through - started > interval '168 hours'
       AND started + interval '168 hours' >= $3 AND started + interval '168 hours' < $4) AS sleep,
    (SELECT count(*) FROM s WHERE s.serial_number = serial.serial_number AND ts >= $3 AND ts < $4
       AND state = 'charging' AND soc >= 30
       AND (prev_state IS NULL OR prev_state <> 'charging' OR ts - prev_ts > interval '15 minutes')) AS opportunity
  FROM unnest($2::text[]) AS serial(serial_number)
)
SELECT serial_number AS "serialNumber", samples::int, round(online_ms)::bigint::text AS "onlineMs", deep::int AS "deepDischarges",
  round(hot_ms)::bigint::text AS "hotMs", round(hot_charging_ms)::bigint::text AS "hotChargingMs",
  sleep::int AS "deepSleepRisks", opportunity::int AS "opportunityCharges",
  CASE WHEN online_ms = 0 THEN NULL ELSE greatest(0, 100 - round(
    ((10 * deep + 25 * sleep) * 3600000 + 2 * hot_ms + 5 * hot_charging_ms)::numeric * 30 / (3600000 * $5::int)
  ))::int END AS "careScore"
FROM counted ORDER BY serial_number`;
