import { expect, it } from 'vitest';
import { careCounters, noCareCounters } from './care-counters';
import { careHours, HOUR_MS } from './care-hours';
import { careSamples } from './test/care-test-data';

const FROM = Date.parse('2026-10-01T00:00:00Z');
const TO = Date.parse('2026-11-01T00:00:00Z');
const points = careSamples('CARE-H', FROM, TO, 7, {
  baseCelsius: 38,
  parkings: [{ from: '2026-10-10T03:10:00Z', to: '2026-10-19T05:00:00Z', soc: 8 }],
});

it('counts each fact in its hour, so that whole hours add up to the count over their period', () => {
  for (const [from, to] of [
    [FROM, TO],
    [Date.parse('2026-10-15T13:00:00Z'), Date.parse('2026-10-22T07:00:00Z')],
  ] as const) {
    const sum = noCareCounters();
    for (const hour of careHours('CARE-H', 1, points, from, to)) {
      expect(hour.hourMs % HOUR_MS).toBe(0);
      expect([hour.hourMs >= from, hour.hourMs < to]).toEqual([true, true]);
      for (const name of Object.keys(sum) as (keyof typeof sum)[]) sum[name] += hour.counters[name];
    }
    expect(sum).toEqual(careCounters(points, from, to).counters);
  }
  const all = careCounters(points, FROM, TO).counters;
  expect([all.deepDischarges, all.hotMs, all.deepSleepRisks, all.opportunityCharges].every((n) => n > 0)).toBe(true);
});

it('splits an interval at the end of its hour', () => {
  const at = (minute: number, state = 'charging') => ({
    ts: FROM + minute * 60_000,
    state,
    soc: 50,
    maxCellTemperature: 50,
  });
  const hours = careHours('CARE-H', 1, [at(50), at(62)], FROM, TO);
  expect(hours.map((hour) => [hour.hourMs - FROM, hour.counters.hotChargingMs])).toEqual([
    [0, 600_000],
    [HOUR_MS, 120_000],
  ]);
});
