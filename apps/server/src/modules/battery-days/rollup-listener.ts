import type { SampleListener } from '../device-ingestion/battery-sample';
import { DEFAULT_MAX_GAP_MS, type RollupPoint, type RollupResult, rollUpBattery, toRollupPoint } from './attribution';
import { hourRepository } from './hour-repository';
import { hourTotals } from './hour-rollup';
import { localDays } from './local-days';
import { rollupRepository } from './rollup-repository';

export interface RollupListenerOptions {
  /** Intervals between samples longer than this count as offline (default 15 minutes). */
  maxGapMs?: number;
}

/**
 * Keeps hour rows, charge sessions and day rows current as ingestion stores samples: each battery
 * continues from its cursor, so a batch needs only its own samples. Both roll-ups start from the cursors
 * as read before this batch; the hours are written first, then the days, sessions and advanced cursors.
 */
export function createRollupListener(options: RollupListenerOptions = {}): SampleListener {
  const maxGapMs = options.maxGapMs ?? DEFAULT_MAX_GAP_MS;
  return async (tx, samples) => {
    if (samples.length === 0) return;
    const bySerial = new Map<string, RollupPoint[]>();
    for (const sample of samples) {
      let points = bySerial.get(sample.serialNumber);
      if (!points) {
        points = [];
        bySerial.set(sample.serialNumber, points);
      }
      points.push(toRollupPoint(sample));
    }
    const rollups = rollupRepository(tx);
    const cursors = await rollups.lockCursors([...bySerial.keys()].sort());
    const siteIds = new Set(samples.map((sample) => sample.operatingSiteId));
    for (const cursor of cursors.values()) siteIds.add(cursor.last.siteId);
    const zones = await rollups.siteTimeZones([...siteIds]);
    const rollupOptions = { maxGapMs, zoneOf: (siteId: number) => localDays(zones.get(siteId) ?? '') };
    const hours = [...bySerial].flatMap(([serial, points]) =>
      hourTotals(serial, cursors.get(serial), points, maxGapMs),
    );
    const results: RollupResult[] = [];
    for (const [serialNumber, points] of bySerial) {
      const result = rollUpBattery(serialNumber, cursors.get(serialNumber), points, rollupOptions);
      if (result) results.push(result);
    }
    await hourRepository(tx).add(hours);
    await rollups.apply(results);
  };
}

export const rollupListener = createRollupListener();
