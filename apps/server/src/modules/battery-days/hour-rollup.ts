import type { SampleListener } from '../devices/battery-sample';
import {
  type BatteryCursor,
  type DayTotals,
  DEFAULT_MAX_GAP_MS,
  type RollupPoint,
  rollUpBattery,
  toRollupPoint,
} from './attribution';
import { hourRepository } from './hour-repository';
import type { LocalDays } from './local-days';
import { rollupRepository } from './rollup-repository';

const HOUR_MS = 3_600_000;

let lastHour = { date: '', start: Number.NaN, end: Number.NaN };

/**
 * UTC hours in the shape of local days: the roll-up logic of docs/decisions/006-rollups.md, split at
 * every full hour instead of at local midnight. `date` is the hour's start as an ISO instant.
 */
export const UTC_HOURS: LocalDays = {
  timeZone: 'UTC',
  dayAt(ms) {
    const start = Math.floor(ms / HOUR_MS) * HOUR_MS;
    // The roll-up asks for the same hour several times per interval; formatting the date was most of its time.
    if (start !== lastHour.start) lastHour = { date: new Date(start).toISOString(), start, end: start + HOUR_MS };
    return lastHour;
  },
};

/** One battery's hour rows for samples after its cursor (the same attribution as its day rows). */
export function hourTotals(
  serialNumber: string,
  cursor: BatteryCursor | undefined,
  points: readonly RollupPoint[],
  maxGapMs = DEFAULT_MAX_GAP_MS,
): DayTotals[] {
  return rollUpBattery(serialNumber, cursor, points, { maxGapMs, zoneOf: () => UTC_HOURS })?.days ?? [];
}

/**
 * Adds ingested samples to battery_hour. It reads the roll-up cursors, so it must run before the
 * roll-up listener (which advances them) in the same transaction: register it first.
 */
export const hourRollupListener: SampleListener = async (tx, samples) => {
  if (samples.length === 0) return;
  const bySerial = new Map<string, RollupPoint[]>();
  for (const sample of samples) {
    const points = bySerial.get(sample.serialNumber) ?? [];
    points.push(toRollupPoint(sample));
    bySerial.set(sample.serialNumber, points);
  }
  const cursors = await rollupRepository(tx).lockCursors([...bySerial.keys()].sort());
  const hours = [...bySerial].flatMap(([serial, points]) => hourTotals(serial, cursors.get(serial), points));
  await hourRepository(tx).add(hours);
};
