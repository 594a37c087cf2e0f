import { AVAILABILITY_SOC_THRESHOLD } from '@cbm/contracts/constants';
import type { BatteryTelemetry } from '@cbm/contracts/device-protocol';
import type { BatterySample } from '../device-ingestion/battery-sample';
import type { LocalDays } from './local-days';

/**
 * Pure roll-up logic (docs/decisions/006-rollups.md): the interval between two consecutive samples
 * of a battery belongs to the earlier sample's state and SoC, split at local midnight; energy comes
 * from counter deltas. Energy is counted in integer micro-kWh and time in integer ms, so sums are
 * exact whichever way the samples were split into batches.
 */
export type BatteryState = BatteryTelemetry['state'];

export interface RollupPoint {
  ts: number;
  siteId: number;
  state: BatteryState;
  soc: number;
  soh: number;
  chargerSerial: string | null;
  chargedUkwh: number;
  dischargedUkwh: number;
}

export interface ChargeSession {
  serialNumber: string;
  siteId: number;
  startAt: number;
  endAt: number;
  startSoc: number;
  endSoc: number;
  energyUkwh: number;
  chargerSerial: string | null;
  open: boolean;
}

/** A battery's figures for one local day at one site; as a delta, it adds to what is stored. */
export interface DayTotals {
  serialNumber: string;
  siteId: number;
  date: string;
  timeZone: string;
  chargedUkwh: number;
  dischargedUkwh: number;
  operatingMs: number;
  chargingMs: number;
  dischargingMs: number;
  standbyMs: number;
  idleMs: number;
  errorMs: number;
  offlineMs: number;
  lowSocMs: number;
  chargeSessions: number;
  minSoc: number | null;
  maxSoc: number | null;
  soh: number | null;
}

/** The figures of a day or hour that add up over time: sums of hours make days, sums of days make periods. */
export const ADDITIVE_FIGURES = [
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
] as const satisfies readonly (keyof DayTotals)[];
export type AdditiveFigure = (typeof ADDITIVE_FIGURES)[number];

/** The last processed sample of a battery and the charge session it leaves open, if any. */
export interface BatteryCursor {
  serialNumber: string;
  last: RollupPoint;
  session: ChargeSession | null;
}

export interface RollupOptions {
  /** Longer intervals between samples count as offline and end a charge session. */
  maxGapMs: number;
  zoneOf(siteId: number): LocalDays;
}

export interface RollupResult {
  cursor: BatteryCursor;
  /** Additions to the stored day rows. */
  days: DayTotals[];
  /** Every session that started or changed, with its values after this batch. */
  sessions: ChargeSession[];
}

export const DEFAULT_MAX_GAP_MS = 15 * 60_000;

const STATE_FIELD = {
  charging: 'chargingMs',
  discharging: 'dischargingMs',
  standby: 'standbyMs',
  idle: 'idleMs',
  error: 'errorMs',
} as const satisfies Record<BatteryState, keyof DayTotals>;

export const toUkwh = (kwh: number) => Math.round(kwh * 1_000_000);

export function toRollupPoint(sample: BatterySample): RollupPoint {
  return {
    ts: sample.ts.getTime(),
    siteId: sample.operatingSiteId,
    state: sample.state,
    soc: sample.soc,
    soh: sample.soh,
    chargerSerial: sample.chargerSerial ?? null,
    chargedUkwh: toUkwh(sample.totalEnergyChargedKwh),
    dischargedUkwh: toUkwh(sample.totalEnergyDischargedKwh),
  };
}

/**
 * Rolls up one battery's samples (sorted by time) after its cursor. Samples at or before the
 * cursor are ignored; undefined when nothing was new.
 */
export function rollUpBattery(
  serialNumber: string,
  cursor: BatteryCursor | undefined,
  points: readonly RollupPoint[],
  options: RollupOptions,
): RollupResult | undefined {
  let last = cursor?.last;
  let session = cursor?.session ? { ...cursor.session } : null;
  const days = new Map<string, DayTotals>();
  const touched = new Map<number, ChargeSession>();

  let current: DayTotals | undefined;
  const dayTotals = (siteId: number, ts: number): DayTotals => {
    const zone = options.zoneOf(siteId);
    const date = zone.dayAt(ts).date;
    // Consecutive intervals mostly fall in the same day: building and hashing its key was a fifth of a roll-up.
    if (current?.siteId === siteId && current.date === date) return current;
    const key = `${siteId}|${date}`;
    current = days.get(key);
    if (!current) {
      current = emptyDay(serialNumber, siteId, date, zone.timeZone);
      days.set(key, current);
    }
    return current;
  };

  for (const point of points) {
    if (last && point.ts <= last.ts) continue;
    const gap = last !== undefined && point.ts - last.ts > options.maxGapMs;
    if (last) attributeInterval(last, point, gap, options, dayTotals);
    if (session && last) {
      if (gap) session.open = false;
      else {
        session.energyUkwh += counterDelta(last.chargedUkwh, point.chargedUkwh);
        session.endAt = point.ts;
        session.endSoc = point.soc;
        if (point.state === 'charging') session.chargerSerial ??= point.chargerSerial;
        else session.open = false;
      }
      touched.set(session.startAt, session);
      if (!session.open) session = null;
    }
    if (!session && point.state === 'charging') {
      session = startSession(serialNumber, point);
      touched.set(session.startAt, session);
      dayTotals(point.siteId, point.ts).chargeSessions += 1;
    }
    last = point;
  }
  if (!last || last === cursor?.last) return undefined;
  return { cursor: { serialNumber, last, session }, days: [...days.values()], sessions: [...touched.values()] };
}

/** A counter that went down was reset or replaced: that interval adds nothing. */
function counterDelta(before: number, after: number): number {
  return Math.max(0, after - before);
}

function attributeInterval(
  from: RollupPoint,
  to: RollupPoint,
  gap: boolean,
  options: RollupOptions,
  dayTotals: (siteId: number, ts: number) => DayTotals,
): void {
  const duration = to.ts - from.ts;
  const charged = counterDelta(from.chargedUkwh, to.chargedUkwh);
  const discharged = counterDelta(from.dischargedUkwh, to.dischargedUkwh);
  const zone = options.zoneOf(from.siteId);
  let chargedSoFar = 0;
  let dischargedSoFar = 0;
  for (let start = from.ts; start < to.ts; ) {
    const dayEnd = zone.dayAt(start).end;
    // A zone whose clock falls back across midnight can repeat a date; then the rest goes to it.
    const end = dayEnd > start ? Math.min(dayEnd, to.ts) : to.ts;
    const ms = end - start;
    const totals = dayTotals(from.siteId, start);
    const chargedUntil = shareUntil(charged, end - from.ts, duration);
    const dischargedUntil = shareUntil(discharged, end - from.ts, duration);
    totals.chargedUkwh += chargedUntil - chargedSoFar;
    totals.dischargedUkwh += dischargedUntil - dischargedSoFar;
    chargedSoFar = chargedUntil;
    dischargedSoFar = dischargedUntil;
    if (gap) totals.offlineMs += ms;
    else {
      totals.operatingMs += ms;
      totals[STATE_FIELD[from.state]] += ms;
      if (from.soc < AVAILABILITY_SOC_THRESHOLD) totals.lowSocMs += ms;
      totals.minSoc = totals.minSoc === null ? from.soc : Math.min(totals.minSoc, from.soc);
      totals.maxSoc = totals.maxSoc === null ? from.soc : Math.max(totals.maxSoc, from.soc);
      totals.soh = from.soh;
    }
    start = end;
  }
}

/**
 * Energy spreads over an interval in proportion to time; cumulative shares keep the sum exact. The share
 * is floor(total × elapsed / duration) in integers (a float product such as 3,000,000 × (1/3) would land
 * just below 1,000,000 and floor a µkWh away from the exact share).
 */
function shareUntil(total: number, elapsed: number, duration: number): number {
  if (elapsed === duration) return total;
  return Number((BigInt(total) * BigInt(elapsed)) / BigInt(duration));
}

function startSession(serialNumber: string, point: RollupPoint): ChargeSession {
  return {
    serialNumber,
    siteId: point.siteId,
    startAt: point.ts,
    endAt: point.ts,
    startSoc: point.soc,
    endSoc: point.soc,
    energyUkwh: 0,
    chargerSerial: point.chargerSerial,
    open: true,
  };
}

/** A day with nothing counted yet. */
export function emptyDay(serialNumber: string, siteId: number, date: string, timeZone: string): DayTotals {
  return {
    serialNumber,
    siteId,
    date,
    timeZone,
    chargedUkwh: 0,
    dischargedUkwh: 0,
    operatingMs: 0,
    chargingMs: 0,
    dischargingMs: 0,
    standbyMs: 0,
    idleMs: 0,
    errorMs: 0,
    offlineMs: 0,
    lowSocMs: 0,
    chargeSessions: 0,
    minSoc: null,
    maxSoc: null,
    soh: null,
  };
}
