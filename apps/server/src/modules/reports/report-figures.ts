import { START_SOC_BUCKETS } from '@cbm/contracts/constants';
import {
  ADDITIVE_FIGURES,
  type AdditiveFigure,
  type BatteryCursor,
  type ChargeSession,
  type DayTotals,
  DEFAULT_MAX_GAP_MS,
  type RollupPoint,
  rollUpBattery,
} from '../battery-days/attribution';
import { type LocalDays, localDays, nextDate } from '../battery-days/local-days';

/** One local day of the report's daily chart. */
export interface ReportDay {
  date: string;
  chargedKwh: number;
  dischargedKwh: number;
  operatingHours: number;
  chargingHours: number;
}

/** The integers every figure is written from, exactly (docs/reports.md, "Figures"). */
export type ReportTotals = Pick<
  DayTotals,
  | 'chargedUkwh'
  | 'dischargedUkwh'
  | 'operatingMs'
  | 'chargingMs'
  | 'dischargingMs'
  | 'standbyMs'
  | 'idleMs'
  | 'errorMs'
  | 'offlineMs'
>;

/**
 * Every figure a report shows, for [fromMs, toMs) in the report's time zone; the PDF writes energy, times,
 * cost and CO2 from `totals` as exact decimals, the daily chart from `days`.
 */
export interface ReportFigures {
  fromMs: number;
  toMs: number;
  timeZone: string;
  samples: number;
  chargeSessions: number;
  /** Sessions by start SoC: <20, <40, <60, <80, ≤100 % (business constants). */
  startSocBuckets: number[];
  minSoc: number | null;
  maxSoc: number | null;
  soh: number | null;
  /** Energy, times, and from them cost and CO2 (figure-decimals.ts), as exact integers. */
  totals: ReportTotals;
  /** Local dates of the period on which nothing was counted: no data at all. */
  missingDates: string[];
  days: ReportDay[];
}

const HOUR_MS = 3_600_000;
const kwh = (ukwh: number) => ukwh / 1_000_000;

export const startSocBucket = (soc: number) => {
  const index = START_SOC_BUCKETS.findIndex((limit, n) => soc < limit || n === START_SOC_BUCKETS.length - 1);
  return Math.max(0, index);
};

/** What lies outside the period: a date no day has. */
const OUTSIDE = '';

export interface Period {
  fromMs: number;
  toMs: number;
}

/**
 * The zone's days cut at the period's edges, and what lies before or after it as OUTSIDE: an interval
 * across an edge counts with its part inside, as the roll-ups count it for the day it reaches into.
 */
export function periodDays(zone: LocalDays, period?: Period): LocalDays {
  if (!period) return zone;
  const { fromMs, toMs } = period;
  return {
    timeZone: zone.timeZone,
    dayAt(ms) {
      if (ms < fromMs) return { date: OUTSIDE, start: Number.MIN_SAFE_INTEGER, end: fromMs };
      if (ms >= toMs) return { date: OUTSIDE, start: toMs, end: Number.MAX_SAFE_INTEGER };
      const day = zone.dayAt(ms);
      return { date: day.date, start: Math.max(day.start, fromMs), end: Math.min(day.end, toMs) };
    },
  };
}

/**
 * Computes the report figures from one battery's samples, fed in time order in batches of any size
 * (the CSV path, from the parser). Intervals, gaps, energy and sessions follow the roll-up rules
 * (docs/decisions/006-rollups.md), counted in the report's zone and cut at the period's edges, so the
 * figures equal the roll-ups' of the same period when the samples reach beyond its edges (the datalog
 * CSV holds the sample before and the one after its period).
 */
export function reportAccumulator(serialNumber: string, timeZone: string, period?: Period) {
  const zone = localDays(timeZone);
  const clipped = periodDays(zone, period);
  const options = { maxGapMs: DEFAULT_MAX_GAP_MS, zoneOf: () => clipped };
  const inPeriod = (ms: number) => !period || (ms >= period.fromMs && ms < period.toMs);
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
      samples += points.filter((point) => (!cursor || point.ts > cursor.last.ts) && inPeriod(point.ts)).length;
      cursor = result.cursor;
      for (const delta of result.days) {
        if (delta.date !== OUTSIDE) days.set(delta.date, mergeDay(days.get(delta.date), delta));
      }
      for (const session of result.sessions) if (inPeriod(session.startAt)) sessions.set(session.startAt, session);
    },

    /** The figures of the period, or of the samples' own span when no period is given. */
    figures(): ReportFigures {
      const fromMs = period?.fromMs ?? firstMs ?? 0;
      return figuresOfDays({
        zone,
        days,
        startSocs: [...sessions.values()].map((session) => session.startSoc),
        samples,
        fromMs,
        toMs: period?.toMs ?? (cursor ? cursor.last.ts + 1 : fromMs),
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
  fromMs: number;
  toMs: number;
}

/**
 * The figures of day totals (from the roll-ups or from samples): the one place a report's sums and
 * buckets are computed. SoH is the day rows' rule: that of the last interval counted.
 */
export function figuresOfDays(parts: FigureParts): ReportFigures {
  const { zone, days, fromMs, toMs } = parts;
  const all = [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const sum = (field: AdditiveFigure) => all.reduce((total, day) => total + day[field], 0);
  const buckets = START_SOC_BUCKETS.map(() => 0);
  for (const startSoc of parts.startSocs) {
    const bucket = startSocBucket(startSoc);
    buckets[bucket] = (buckets[bucket] ?? 0) + 1;
  }
  const series = dailySeries(days, zone.dayAt(fromMs).date, zone.dayAt(Math.max(fromMs, toMs - 1)).date);
  const socs = all.flatMap((day) => (day.minSoc === null || day.maxSoc === null ? [] : [day.minSoc, day.maxSoc]));
  return {
    fromMs,
    toMs,
    timeZone: zone.timeZone,
    samples: parts.samples,
    chargeSessions: parts.startSocs.length,
    startSocBuckets: buckets,
    minSoc: socs.length ? Math.min(...socs) : null,
    maxSoc: socs.length ? Math.max(...socs) : null,
    soh: all.reduce<number | null>((soh, day) => day.soh ?? soh, null),
    totals: {
      chargedUkwh: sum('chargedUkwh'),
      dischargedUkwh: sum('dischargedUkwh'),
      operatingMs: sum('operatingMs'),
      chargingMs: sum('chargingMs'),
      dischargingMs: sum('dischargingMs'),
      standbyMs: sum('standbyMs'),
      idleMs: sum('idleMs'),
      errorMs: sum('errorMs'),
      offlineMs: sum('offlineMs'),
    },
    missingDates: series.filter((day) => !days.has(day.date)).map((day) => day.date),
    days: series,
  };
}

/** One pass over a whole series: the figures of the samples given. */
export function computeReportFigures(
  serialNumber: string,
  points: readonly RollupPoint[],
  options: { timeZone: string; period?: Period },
): ReportFigures {
  const accumulator = reportAccumulator(serialNumber, options.timeZone, options.period);
  accumulator.add(points);
  return accumulator.figures();
}

/** Adds a day delta to what is stored for its date (as the roll-ups do). */
export function mergeDay(stored: DayTotals | undefined, delta: DayTotals): DayTotals {
  if (!stored) return { ...delta };
  const merged = { ...stored };
  for (const field of ADDITIVE_FIGURES) merged[field] += delta[field];
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
