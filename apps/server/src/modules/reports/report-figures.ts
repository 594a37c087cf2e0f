import { CO2_GRAMS_PER_KWH, START_SOC_BUCKETS } from '@cbm/contracts/constants';
import {
  type BatteryCursor,
  type ChargeSession,
  type DayTotals,
  DEFAULT_MAX_GAP_MS,
  type RollupPoint,
  rollUpBattery,
} from '../rollups/attribution';
import { type LocalDays, localDays, nextDate } from '../rollups/local-days';

/** One local day of the report's daily chart. */
export interface ReportDay {
  date: string;
  chargedKwh: number;
  dischargedKwh: number;
  operatingHours: number;
  chargingHours: number;
}

/** Every figure a report shows, for [fromMs, toMs) in the report's time zone. */
export interface ReportFigures {
  fromMs: number;
  toMs: number;
  timeZone: string;
  samples: number;
  energyChargedKwh: number;
  energyDischargedKwh: number;
  /** Charged energy × price: what the energy from the grid cost. */
  cost: number;
  /** Charged energy × 386 g/kWh (spec §9), in kg. */
  co2Kg: number;
  chargeSessions: number;
  /** Sessions by start SoC: <20, <40, <60, <80, ≤100 % (spec §9). */
  startSocBuckets: number[];
  operatingHours: number;
  chargingHours: number;
  dischargingHours: number;
  standbyHours: number;
  idleHours: number;
  errorHours: number;
  offlineHours: number;
  minSoc: number | null;
  maxSoc: number | null;
  soh: number | null;
  days: ReportDay[];
}

const HOUR_MS = 3_600_000;
const kwh = (ukwh: number) => ukwh / 1_000_000;
const SUMMED = [
  'chargedUkwh',
  'dischargedUkwh',
  'operatingMs',
  'chargingMs',
  'dischargingMs',
  'standbyMs',
  'idleMs',
  'errorMs',
  'offlineMs',
  'lowSocMs',
  'chargeSessions',
] as const;

export const startSocBucket = (soc: number) => {
  const index = START_SOC_BUCKETS.findIndex((limit, n) => soc < limit || n === START_SOC_BUCKETS.length - 1);
  return Math.max(0, index);
};

/**
 * Computes the report figures from one battery's samples, fed in time order in batches of any size
 * (the serial path streams them from the database, the CSV path from the parser). Intervals, gaps,
 * energy and sessions follow the roll-up rules (docs/decisions/006-rollups.md), counted in the
 * report's zone, so a period of whole site days equals the battery_day and charge_session rows.
 */
export function reportAccumulator(serialNumber: string, timeZone: string) {
  const zone = localDays(timeZone);
  const options = { maxGapMs: DEFAULT_MAX_GAP_MS, zoneOf: () => zone };
  const days = new Map<string, DayTotals>();
  const sessions = new Map<number, ChargeSession>();
  let cursor: BatteryCursor | undefined;
  let samples = 0;
  let firstMs: number | undefined;

  return {
    add(points: readonly RollupPoint[]): void {
      const result = rollUpBattery(serialNumber, cursor, points, options);
      if (!result) return;
      firstMs ??= points[0]?.ts;
      samples += points.filter((point) => !cursor || point.ts > cursor.last.ts).length;
      cursor = result.cursor;
      for (const delta of result.days) days.set(delta.date, mergeDay(days.get(delta.date), delta));
      for (const session of result.sessions) sessions.set(session.startAt, session);
    },

    /** The figures of [fromMs, toMs), or of the samples' own span when no period is given. */
    figures(pricePerKwh: number, period?: { fromMs: number; toMs: number }): ReportFigures {
      const fromMs = period?.fromMs ?? firstMs ?? 0;
      return figuresOfDays({
        zone,
        days,
        startSocs: [...sessions.values()].map((session) => session.startSoc),
        samples,
        soh: cursor?.last.soh ?? null,
        fromMs,
        toMs: period?.toMs ?? (cursor ? cursor.last.ts + 1 : fromMs),
        pricePerKwh,
      });
    },
  };
}

/** What the figures are made of: day totals in the report's zone and the start SoC of every session. */
export interface FigureParts {
  zone: LocalDays;
  days: ReadonlyMap<string, DayTotals>;
  startSocs: readonly number[];
  samples: number;
  /** The SoH of the last sample. */
  soh: number | null;
  fromMs: number;
  toMs: number;
  pricePerKwh: number;
}

/** The figures of day totals: the one place sums, buckets, cost and CO2 are computed. */
export function figuresOfDays(parts: FigureParts): ReportFigures {
  const { zone, days, fromMs, toMs } = parts;
  const all = [...days.values()];
  const sum = (field: (typeof SUMMED)[number]) => all.reduce((total, day) => total + day[field], 0);
  const buckets = START_SOC_BUCKETS.map(() => 0);
  for (const startSoc of parts.startSocs) {
    const bucket = startSocBucket(startSoc);
    buckets[bucket] = (buckets[bucket] ?? 0) + 1;
  }
  const energyChargedKwh = kwh(sum('chargedUkwh'));
  const socs = all.flatMap((day) => (day.minSoc === null || day.maxSoc === null ? [] : [day.minSoc, day.maxSoc]));
  return {
    fromMs,
    toMs,
    timeZone: zone.timeZone,
    samples: parts.samples,
    energyChargedKwh,
    energyDischargedKwh: kwh(sum('dischargedUkwh')),
    cost: energyChargedKwh * parts.pricePerKwh,
    co2Kg: (energyChargedKwh * CO2_GRAMS_PER_KWH) / 1000,
    chargeSessions: parts.startSocs.length,
    startSocBuckets: buckets,
    operatingHours: sum('operatingMs') / HOUR_MS,
    chargingHours: sum('chargingMs') / HOUR_MS,
    dischargingHours: sum('dischargingMs') / HOUR_MS,
    standbyHours: sum('standbyMs') / HOUR_MS,
    idleHours: sum('idleMs') / HOUR_MS,
    errorHours: sum('errorMs') / HOUR_MS,
    offlineHours: sum('offlineMs') / HOUR_MS,
    minSoc: socs.length ? Math.min(...socs) : null,
    maxSoc: socs.length ? Math.max(...socs) : null,
    soh: parts.soh,
    days: dailySeries(days, zone.dayAt(fromMs).date, zone.dayAt(Math.max(fromMs, toMs - 1)).date),
  };
}

/** One pass over a whole series: the figures of the samples given. */
export function computeReportFigures(
  serialNumber: string,
  points: readonly RollupPoint[],
  options: { timeZone: string; pricePerKwh: number; period?: { fromMs: number; toMs: number } },
): ReportFigures {
  const accumulator = reportAccumulator(serialNumber, options.timeZone);
  accumulator.add(points);
  return accumulator.figures(options.pricePerKwh, options.period);
}

/** Adds a day delta to what is stored for its date (as the roll-ups do). */
export function mergeDay(stored: DayTotals | undefined, delta: DayTotals): DayTotals {
  if (!stored) return { ...delta };
  const merged = { ...stored };
  for (const field of SUMMED) merged[field] += delta[field];
  merged.minSoc = combine(stored.minSoc, delta.minSoc, Math.min);
  merged.maxSoc = combine(stored.maxSoc, delta.maxSoc, Math.max);
  merged.soh = delta.soh ?? stored.soh;
  return merged;
}

function combine(a: number | null, b: number | null, pick: (x: number, y: number) => number): number | null {
  if (a === null) return b;
  return b === null ? a : pick(a, b);
}

/** Every local date of the period, with zeros where the battery sent nothing. */
function dailySeries(days: ReadonlyMap<string, DayTotals>, fromDate: string, toDate: string): ReportDay[] {
  const series: ReportDay[] = [];
  for (let date = fromDate; date <= toDate; date = nextDate(date)) {
    const day = days.get(date);
    series.push({
      date,
      chargedKwh: kwh(day?.chargedUkwh ?? 0),
      dischargedKwh: kwh(day?.dischargedUkwh ?? 0),
      operatingHours: (day?.operatingMs ?? 0) / HOUR_MS,
      chargingHours: (day?.chargingMs ?? 0) / HOUR_MS,
    });
  }
  return series;
}
