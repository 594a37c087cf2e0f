import {
  ADDITIVE_FIGURES,
  type BatteryCursor,
  type DayTotals,
  DEFAULT_MAX_GAP_MS,
  emptyDay,
  type RollupPoint,
  rollUpBattery,
} from './attribution';
import { type HourTotals, QUARTER_FIGURES } from './hour-repository';
import type { LocalDays } from './local-days';

const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;

const QUARTER_SUFFIXES = [':00:00.000Z', ':15:00.000Z', ':30:00.000Z', ':45:00.000Z'];
let lastHour = { start: Number.NaN, prefix: '' };
let lastQuarter = { date: '', start: Number.NaN, end: Number.NaN };

/**
 * UTC quarter hours in the shape of local days: the roll-up logic of docs/decisions/006-rollups.md, split at
 * every quarter hour instead of at local midnight. `date` is the quarter's start as an ISO instant.
 */
const UTC_QUARTERS: LocalDays = {
  timeZone: 'UTC',
  dayAt(ms) {
    const start = Math.floor(ms / QUARTER_MS) * QUARTER_MS;
    // The roll-up asks for the same quarter several times per interval, and formatting a date costs a
    // microsecond: the hour (YYYY-MM-DDTHH) is formatted once, the quarter's minutes appended.
    if (start !== lastQuarter.start) {
      const hourStart = Math.floor(ms / HOUR_MS) * HOUR_MS;
      if (hourStart !== lastHour.start) {
        lastHour = { start: hourStart, prefix: new Date(hourStart).toISOString().slice(0, 13) };
      }
      const date = `${lastHour.prefix}${QUARTER_SUFFIXES[(start - hourStart) / QUARTER_MS]}`;
      lastQuarter = { date, start, end: start + QUARTER_MS };
    }
    return lastQuarter;
  },
};

/**
 * One battery's hour rows for samples after its cursor (the same attribution as its day rows), split at
 * every quarter hour and added up per hour. Energy shares are cumulative from an interval's start, so the
 * quarters of an hour add up exactly to what a split at full hours alone gives.
 */
export function hourTotals(
  serialNumber: string,
  cursor: BatteryCursor | undefined,
  points: readonly RollupPoint[],
  maxGapMs = DEFAULT_MAX_GAP_MS,
): HourTotals[] {
  const quarters = rollUpBattery(serialNumber, cursor, points, { maxGapMs, zoneOf: () => UTC_QUARTERS })?.days ?? [];
  const hours = new Map<string, HourTotals>();
  let hour: HourTotals | undefined;
  for (const quarter of quarters) {
    // `date` is the quarter's ISO start (YYYY-MM-DDTHH:MM:00.000Z): its hour and minute, without parsing a date.
    const hourIso = `${quarter.date.slice(0, 14)}00:00.000Z`;
    if (hour?.siteId !== quarter.siteId || hour.date !== hourIso)
      hour = hourOf(hours, serialNumber, quarter.siteId, hourIso);
    addQuarter(hour, quarter, Number(quarter.date.slice(14, 16)) / 15);
  }
  return [...hours.values()];
}

function hourOf(hours: Map<string, HourTotals>, serialNumber: string, siteId: number, hourIso: string): HourTotals {
  const key = `${siteId}|${hourIso}`;
  let hour = hours.get(key);
  if (!hour) {
    // Not a spread: spread copies each got a hidden class of their own, and every read of them was slow (decision 069).
    hour = Object.assign(emptyDay(serialNumber, siteId, hourIso, 'UTC'), { quarters: noQuarters() });
    hours.set(key, hour);
  }
  return hour;
}

const noQuarters = (): HourTotals['quarters'] => ({
  chargedUkwh: [0, 0, 0],
  dischargedUkwh: [0, 0, 0],
  operatingMs: [0, 0, 0],
  lowSocMs: [0, 0, 0],
});

/** Adds the `index`th quarter (0–3, in time order) to its hour: the same merge as rows added in the database. */
function addQuarter(hour: HourTotals, quarter: DayTotals, index: number): void {
  for (const field of ADDITIVE_FIGURES) hour[field] += quarter[field];
  for (const figure of QUARTER_FIGURES) {
    const parts = hour.quarters[figure];
    for (let part = index; part < parts.length; part += 1) parts[part] = (parts[part] ?? 0) + quarter[figure];
  }
  if (quarter.minSoc !== null)
    hour.minSoc = hour.minSoc === null ? quarter.minSoc : Math.min(hour.minSoc, quarter.minSoc);
  if (quarter.maxSoc !== null)
    hour.maxSoc = hour.maxSoc === null ? quarter.maxSoc : Math.max(hour.maxSoc, quarter.maxSoc);
  hour.soh = quarter.soh ?? hour.soh;
}
