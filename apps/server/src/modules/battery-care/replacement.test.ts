import type { Lifecycle, Projection } from '@cbm/contracts/battery-lifecycle';
import { describe, expect, it } from 'vitest';
import { dueOf, replacementPlan } from './replacement';

const TODAY = '2026-12-05';
const basis = { from: null, to: null, days: 0, perYear: null };
const none: Projection = { status: 'notEnoughHistory', date: null, earliest: null, latest: null, basis };
const on = (date: string): Projection => ({ status: 'projected', date, earliest: date, latest: '2031-01-01', basis });
const reached: Projection = { status: 'reached', date: null, earliest: null, latest: null, basis };

function lifecycle(parts: {
  soh?: Projection;
  energy?: Projection;
  hours?: Projection;
  limitDate?: string;
}): Lifecycle {
  return {
    serialNumber: 'x',
    sohSeries: [],
    soh: { current: 90, endOfLife: 80, projection: parts.soh ?? none },
    energy: { dischargedKwh: 0, equivalentFullCycles: 0, limitKwh: 1, projection: parts.energy ?? none },
    hours: { operatingHours: 0, since: null, limitHours: 1, projection: parts.hours ?? none },
    months: { months: 1, limitMonths: 60, limitDate: parts.limitDate ?? null },
  };
}
const battery = (serialNumber: string) => ({ serialNumber, batteryName: serialNumber, groupId: null, groupName: null });

describe('replacement plan', () => {
  it('names the earliest of SoH end of life and the limits; a figure already there is due today', () => {
    expect(dueOf(lifecycle({ soh: on('2027-09-01'), hours: on('2027-03-01') }), TODAY)).toMatchObject({
      reason: 'hours',
      date: '2027-03-01',
    });
    expect(dueOf(lifecycle({ soh: on('2027-09-01'), energy: reached }), TODAY)).toMatchObject({
      reason: 'energy',
      status: 'reached',
      date: TODAY,
    });
    expect(dueOf(lifecycle({ limitDate: '2026-01-31' }), TODAY)).toMatchObject({ reason: 'months', date: TODAY });
    expect(dueOf(lifecycle({}), TODAY)).toBeUndefined();
  });

  it('counts and prices the batteries due within 3, 6 and 12 months; no price, no cost', () => {
    const inputs = [
      { battery: battery('b'), lifecycle: lifecycle({ soh: on('2027-05-01') }), nominalEnergyKwh: 20 },
      { battery: battery('a'), lifecycle: lifecycle({ limitDate: '2027-02-01' }), nominalEnergyKwh: 10 },
      { battery: battery('c'), lifecycle: lifecycle({ soh: on('2028-05-01') }), nominalEnergyKwh: 10 },
      { battery: battery('d'), lifecycle: lifecycle({}), nominalEnergyKwh: 10 },
    ];
    const plan = replacementPlan(inputs, { currency: 'EUR', batteryPricePerKwh: 300.5 }, TODAY);
    expect(plan.batteries.map((due) => [due.serialNumber, due.cost])).toEqual([
      ['a', 3005],
      ['b', 6010],
    ]);
    expect(plan.horizons).toEqual([
      { months: 3, until: '2027-03-05', batteries: 1, cost: 3005 },
      { months: 6, until: '2027-06-05', batteries: 2, cost: 9015 },
      { months: 12, until: '2027-12-05', batteries: 2, cost: 9015 },
    ]);
    expect(plan.notEnoughHistory).toBe(1);
    const unpriced = replacementPlan(inputs, { currency: 'EUR', batteryPricePerKwh: null }, TODAY);
    expect(unpriced.horizons.map((horizon) => horizon.cost)).toEqual([null, null, null]);
  });
});
