import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RollupPoint } from './attribution';
import {
  cutsArbitrary,
  optionsFor,
  rollUpAll,
  rollUpInBatches,
  sampleWindow,
  seriesArbitrary,
  toBatches,
} from './test/rollup-test-data';

const ZONES = new Map([
  [1, 'Europe/Berlin'],
  [2, 'America/Santiago'],
  [3, 'Asia/Kolkata'],
]);
const OPTIONS = optionsFor(ZONES);
const fleet = fc
  .array(seriesArbitrary([...ZONES.keys()]), { minLength: 1, maxLength: 3 })
  .map((all) => new Map(all.map((points, n) => [`B${n}`, points])));

describe('roll-ups (property-based)', () => {
  it('equal one pass over all samples however the samples were split into batches', () => {
    fc.assert(
      fc.property(fleet, cutsArbitrary, (series, cuts) => {
        expect(rollUpInBatches(toBatches(series, cuts), OPTIONS)).toEqual(rollUpAll(series, OPTIONS));
      }),
      { numRuns: 300 },
    );
  });

  it('account for every millisecond and every counted kWh between the first and the last sample', () => {
    fc.assert(
      fc.property(seriesArbitrary([1, 2]), (points) => {
        const { days, sessions } = rollUpAll(new Map([['B', points]]), OPTIONS);
        const total = (pick: (day: (typeof days)[number]) => number) => days.reduce((sum, day) => sum + pick(day), 0);
        const span = (points.at(-1)?.ts ?? 0) - (points[0]?.ts ?? 0);
        expect(total((day) => day.operatingMs + day.offlineMs)).toBe(span);
        for (const day of days) {
          expect(day.chargingMs + day.dischargingMs + day.standbyMs + day.idleMs + day.errorMs).toBe(day.operatingMs);
          expect(day.lowSocMs).toBeLessThanOrEqual(day.operatingMs);
        }
        expect(total((day) => day.chargedUkwh)).toBe(increases(points, (p) => p.chargedUkwh));
        expect(total((day) => day.dischargedUkwh)).toBe(increases(points, (p) => p.dischargedUkwh));
        expect(total((day) => day.chargeSessions)).toBe(sessions.length);
        const sessionEnergy = sessions.reduce((sum, session) => sum + session.energyUkwh, 0);
        expect(sessionEnergy).toBeLessThanOrEqual(total((day) => day.chargedUkwh));
        for (const [n, session] of sessions.entries()) {
          const next = sessions[n + 1];
          if (next) expect(session.endAt).toBeLessThanOrEqual(next.startAt);
          expect(points.find((p) => p.ts === session.startAt)?.state).toBe('charging');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('recompute over a window of samples gives the same days and sessions as the whole history', () => {
    fc.assert(
      fc.property(seriesArbitrary([1], { maxLength: 120 }), fc.integer({ min: 0, max: 119 }), (points, at) => {
        const from = points[Math.min(at, points.length - 1)]?.ts ?? 0;
        const window = sampleWindow(points, from, from + 86_400_000);
        const full = rollUpAll(new Map([['B', points]]), OPTIONS);
        const part = rollUpAll(new Map([['B', window]]), OPTIONS);
        const first = window[0]?.ts ?? 0;
        const inside = (start: number) => start >= from && start <= from + 86_400_000;
        expect(part.sessions.filter((s) => inside(s.startAt))).toEqual(full.sessions.filter((s) => inside(s.startAt)));
        expect(full.sessions.filter((s) => s.startAt >= first && s.startAt <= (window.at(-1)?.ts ?? 0))).toEqual(
          part.sessions,
        );
      }),
      { numRuns: 200 },
    );
  });
});

function increases(points: RollupPoint[], counter: (point: RollupPoint) => number): number {
  let sum = 0;
  for (let n = 1; n < points.length; n++) {
    sum += Math.max(0, counter(points[n] as RollupPoint) - counter(points[n - 1] as RollupPoint));
  }
  return sum;
}
