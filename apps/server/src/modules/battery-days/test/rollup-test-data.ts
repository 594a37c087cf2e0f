import { BATTERY_STATES } from '@cbm/contracts/device-protocol';
import fc from 'fast-check';
import type { BatterySample } from '../../device-ingestion/battery-sample';
import {
  type BatteryCursor,
  type ChargeSession,
  type DayTotals,
  DEFAULT_MAX_GAP_MS,
  type RollupOptions,
  type RollupPoint,
  rollUpBattery,
} from '../attribution';
import { localDays } from '../local-days';

/** Shared by the roll-up unit, property and API tests. */
export const optionsFor = (zones: ReadonlyMap<number, string>, maxGapMs = DEFAULT_MAX_GAP_MS): RollupOptions => ({
  maxGapMs,
  zoneOf: (siteId) => localDays(zones.get(siteId) ?? ''),
});

export function point(iso: string, overrides: Partial<RollupPoint> = {}): RollupPoint {
  return {
    ts: Date.parse(iso),
    siteId: 1,
    state: 'standby',
    soc: 50,
    soh: 95,
    chargerSerial: null,
    chargedUkwh: 0,
    dischargedUkwh: 0,
    ...overrides,
  };
}

export function toSample(serialNumber: string, point: RollupPoint): BatterySample {
  return {
    serialNumber,
    operatingSiteId: point.siteId,
    ts: new Date(point.ts),
    state: point.state,
    soc: point.soc,
    soh: point.soh,
    stackVoltage: 51.2,
    current: 0,
    minCellVoltage: 3.2,
    maxCellVoltage: 3.3,
    minCellTemperature: 20,
    maxCellTemperature: 25,
    chargerSerial: point.chargerSerial,
    totalEnergyChargedKwh: point.chargedUkwh / 1_000_000,
    totalEnergyDischargedKwh: point.dischargedUkwh / 1_000_000,
    totalChargingHours: 0,
    totalDischargingHours: 0,
    totalStandbyHours: 0,
  };
}

export interface Rollups {
  days: DayTotals[];
  sessions: ChargeSession[];
}

/** One pass over each battery's whole series: the reference incremental roll-ups must equal. */
export function rollUpAll(series: ReadonlyMap<string, RollupPoint[]>, options: RollupOptions): Rollups {
  const results = [...series].map(([serial, points]) => rollUpBattery(serial, undefined, points, options));
  return sorted({
    days: results.flatMap((result) => result?.days ?? []),
    sessions: results.flatMap((result) => result?.sessions ?? []),
  });
}

/** Feeds batches in order, keeping cursors, and merges the outputs the way the database does. */
export function rollUpInBatches(batches: [string, RollupPoint[]][][], options: RollupOptions): Rollups {
  const cursors = new Map<string, BatteryCursor>();
  const days = new Map<string, DayTotals>();
  const sessions = new Map<string, ChargeSession>();
  for (const batch of batches) {
    for (const [serial, points] of batch) {
      const result = rollUpBattery(serial, cursors.get(serial), points, options);
      if (!result) continue;
      cursors.set(serial, result.cursor);
      for (const day of result.days) {
        const key = `${day.serialNumber}|${day.siteId}|${day.date}`;
        days.set(key, mergeDay(days.get(key), day));
      }
      for (const session of result.sessions) sessions.set(`${session.serialNumber}|${session.startAt}`, session);
    }
  }
  return sorted({ days: [...days.values()], sessions: [...sessions.values()] });
}

function mergeDay(stored: DayTotals | undefined, delta: DayTotals): DayTotals {
  if (!stored) return delta;
  const sum = (key: keyof DayTotals & `${string}${'Ukwh' | 'Ms' | 'Sessions'}`) => stored[key] + delta[key];
  const pick = (a: number | null, b: number | null, choose: (x: number, y: number) => number) =>
    a === null ? b : b === null ? a : choose(a, b);
  return {
    ...delta,
    chargedUkwh: sum('chargedUkwh'),
    dischargedUkwh: sum('dischargedUkwh'),
    operatingMs: sum('operatingMs'),
    chargingMs: sum('chargingMs'),
    dischargingMs: sum('dischargingMs'),
    standbyMs: sum('standbyMs'),
    idleMs: sum('idleMs'),
    errorMs: sum('errorMs'),
    offlineMs: sum('offlineMs'),
    lowSocMs: sum('lowSocMs'),
    chargeSessions: sum('chargeSessions'),
    minSoc: pick(stored.minSoc, delta.minSoc, Math.min),
    maxSoc: pick(stored.maxSoc, delta.maxSoc, Math.max),
    soh: delta.soh ?? stored.soh,
  };
}

export function sorted({ days, sessions }: Rollups): Rollups {
  const dayKey = (day: DayTotals) => `${day.serialNumber}|${day.siteId}|${day.date}`;
  return {
    days: [...days].sort((a, b) => dayKey(a).localeCompare(dayKey(b))),
    sessions: [...sessions].sort((a, b) => a.serialNumber.localeCompare(b.serialNumber) || a.startAt - b.startAt),
  };
}

/** The samples a SampleWindowLoader returns, taken from an in-memory series. */
export function sampleWindow(points: readonly RollupPoint[], fromMs: number, toMs: number): RollupPoint[] {
  const before = points.findLastIndex((p) => p.ts < fromMs && p.state !== 'charging');
  const after = points.findIndex((p) => p.ts >= toMs && p.state !== 'charging');
  return points.slice(Math.max(before, 0), after === -1 ? points.length : after + 1);
}

const STEP_MS = fc.oneof(
  { arbitrary: fc.integer({ min: 1000, max: 10 * 60_000 }), weight: 8 },
  { arbitrary: fc.integer({ min: 10 * 60_000, max: 40 * 60_000 }), weight: 2 },
  { arbitrary: fc.integer({ min: 40 * 60_000, max: 3 * 86_400_000 }), weight: 1 },
);

// Starts next to Berlin's DST changes of 2026 and anywhere else in the year.
const START_MS = fc.oneof(
  fc.constantFrom(Date.parse('2026-03-28T18:00:00Z'), Date.parse('2026-10-24T18:00:00Z')),
  fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') }),
);

const step = fc.record({
  ms: STEP_MS,
  keepState: fc.boolean(),
  state: fc.constantFrom(...BATTERY_STATES),
  soc: fc.integer({ min: 0, max: 1000 }).map((tenths) => tenths / 10),
  soh: fc.integer({ min: 700, max: 1000 }).map((tenths) => tenths / 10),
  charged: fc.oneof({ arbitrary: fc.integer({ min: 0, max: 3_000_000 }), weight: 20 }, fc.constant(-1)),
  discharged: fc.oneof({ arbitrary: fc.integer({ min: 0, max: 3_000_000 }), weight: 20 }, fc.constant(-1)),
  charger: fc.constantFrom(null, 'CH-1', 'CH-2'),
  moveSite: fc.integer({ min: 0, max: 30 }),
});

/** A battery's random sample series: sticky states, counter resets (-1), gaps, site moves. */
export function seriesArbitrary(siteIds: readonly number[], { minLength = 1, maxLength = 60 } = {}) {
  return fc.tuple(START_MS, fc.array(step, { minLength, maxLength })).map(([start, steps]) => {
    const points: RollupPoint[] = [];
    let ts = start;
    let siteId = siteIds[0] as number;
    let state: RollupPoint['state'] = 'standby';
    let charged = 5_000_000_000;
    let discharged = 4_000_000_000;
    for (const next of steps) {
      ts += next.ms;
      if (next.moveSite === 0) siteId = siteIds[(siteIds.indexOf(siteId) + 1) % siteIds.length] as number;
      if (!next.keepState) state = next.state;
      charged = next.charged < 0 ? 1_000 : charged + next.charged;
      discharged = next.discharged < 0 ? 2_000 : discharged + next.discharged;
      const chargerSerial = state === 'charging' ? next.charger : null;
      points.push({
        ts,
        siteId,
        state,
        soc: next.soc,
        soh: next.soh,
        chargerSerial,
        chargedUkwh: charged,
        dischargedUkwh: discharged,
      });
    }
    return points;
  });
}

/** Cut points splitting an arrival-ordered stream of (serial, point) into consecutive batches. */
export const cutsArbitrary = fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 12 });

/** Interleaves the series by time as devices would deliver them and cuts them into batches. */
export function toBatches(series: ReadonlyMap<string, RollupPoint[]>, cuts: number[]): [string, RollupPoint[]][][] {
  const stream = [...series]
    .flatMap(([serial, points]) => points.map((p) => ({ serial, p })))
    .sort((a, b) => a.p.ts - b.p.ts || a.serial.localeCompare(b.serial));
  const bounds = [...new Set(cuts.filter((cut) => cut < stream.length))].sort((a, b) => a - b);
  const batches: [string, RollupPoint[]][][] = [];
  let from = 0;
  for (const to of [...bounds, stream.length]) {
    const grouped = new Map<string, RollupPoint[]>();
    for (const { serial, p } of stream.slice(from, to)) grouped.set(serial, [...(grouped.get(serial) ?? []), p]);
    batches.push([...grouped].sort(([a], [b]) => a.localeCompare(b)));
    from = to;
  }
  return batches;
}
