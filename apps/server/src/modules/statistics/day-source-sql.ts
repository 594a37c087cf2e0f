import type { DayRange } from './periods';
import type { AddParameter } from './statistics-figure-sql';

/**
 * Where the day figures come from: the site's day rows, hour rows summed into the asked zone's days, or
 * the hour rows' quarter-hour parts (zones with :15/:30/:45 offsets, decision 033).
 */
export type DaySource = 'day' | 'hour' | 'quarter';

/**
 * One row per battery and local day of the range at the site: from battery_day when those rows were
 * counted in the asked zone, else from battery_hour (each UTC hour lies in one local day of a zone with
 * whole-hour offsets), else from its quarter-hour parts (each lies in one local day of any zone whose days
 * start on quarter hours).
 */
export function daySourceSql(source: DaySource, siteId: number, range: DayRange, add: AddParameter) {
  const site = add(siteId, 'int');
  if (source === 'day') {
    return `SELECT battery_serial_number AS serial, day AS d, energy_charged_kwh AS charged,
        energy_discharged_kwh AS discharged, operating_ms, low_soc_ms
      FROM battery_day
      WHERE operating_site_id = ${site} AND day BETWEEN ${add(range.firstDate, 'date')} AND ${add(range.lastDate, 'date')}`;
  }
  const zone = add(range.timeZone, 'text');
  const from = add(new Date(range.startMs).toISOString(), 'timestamptz');
  const to = add(new Date(range.endMs).toISOString(), 'timestamptz');
  if (source === 'hour') {
    return `SELECT battery_serial_number AS serial, (hour AT TIME ZONE ${zone})::date AS d,
        energy_charged_kwh AS charged, energy_discharged_kwh AS discharged, operating_ms, low_soc_ms
      FROM battery_hour
      WHERE operating_site_id = ${site} AND hour >= ${from} AND hour < ${to}`;
  }
  return `SELECT battery_serial_number AS serial, (part_start AT TIME ZONE ${zone})::date AS d,
      ${quarterPart('energy_charged_kwh * 1000000', 'charged_ukwh')}::numeric / 1000000 AS charged,
      ${quarterPart('energy_discharged_kwh * 1000000', 'discharged_ukwh')}::numeric / 1000000 AS discharged,
      ${quarterPart('operating_ms', 'operating_ms')} AS operating_ms, ${quarterPart('low_soc_ms', 'low_soc_ms')} AS low_soc_ms
    FROM (SELECT h.*, h.hour + q.n * interval '15 minutes' AS part_start, q.n
          FROM battery_hour h CROSS JOIN (VALUES (0), (1), (2), (3)) AS q(n)
          WHERE h.operating_site_id = ${site} AND h.hour > ${from}::timestamptz - interval '1 hour'
            AND h.hour < ${to}) hq
    WHERE part_start >= ${from} AND part_start < ${to}`;
}

/** The `n`th quarter of an hour row's figure: differences of its sums over the first 15, 30 and 45 minutes. */
const quarterPart = (total: string, column: string) =>
  `(CASE n WHEN 0 THEN ${column}_15 WHEN 1 THEN ${column}_30 - ${column}_15
     WHEN 2 THEN ${column}_45 - ${column}_30 ELSE ${total} - ${column}_45 END)`;
