import { DEMO_ORGANIZATIONS } from '@cbm/demo-fixtures/demo-sites';
import { seededRandom } from '@cbm/demo-fixtures/random';
import { usageProfileOf } from '@cbm/device-model/ageing';
import { describe, expect, it } from 'vitest';
import { lifecycleOf } from '../modules/battery-care/lifecycle';
import { dayOf } from '../modules/battery-care/projection';
import { DEFAULT_MAX_GAP_MS, rollUpBattery } from '../modules/battery-days/attribution';
import { localDays } from '../modules/battery-days/local-days';
import { type DemoBattery, generateFleet } from './demo-fleet';
import { DEMO_WEAR_SPREAD, demoWearPerDay } from './demo-wear';
import { generateSeries } from './history-series';

const NOW = new Date('2026-11-21T10:00:00Z');
const TODAY = NOW.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
const SITES = DEMO_ORGANIZATIONS.flatMap((org) => org.regions.flatMap((region) => region.sites)).map((_, index) => ({
  id: 100 + index,
  index,
}));
const fleet = generateFleet(SITES, NOW);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** The fleet's quarter worn least and most by the model (its profile's wear a day), gentlest first. */
const byWear = fleet.batteries.toSorted((a, b) => demoWearPerDay(a.serialNumber) - demoWearPerDay(b.serialNumber));
const quarter = byWear.length / 4;
const [gentle, hard] = [byWear.slice(0, quarter), byWear.slice(-quarter)];
const ageDays = (battery: DemoBattery) => battery.totalOperatingMonths * 30;
/** SoH points lost a day over the battery's life. */
const lostPerDay = (battery: DemoBattery) => (100 - battery.soh) / ageDays(battery);

/** The product's SoH 80 % projection (the battery page's lifecycle) from 90 days of the battery's demo history. */
function daysToEndOfLife(battery: DemoBattery): number {
  const site = { id: battery.siteId, timeZone: 'Europe/Berlin', shifts: 3, chargerSerials: ['CH-00001'] };
  const to = Date.parse(battery.lastDataTimestamp);
  const series = generateSeries(battery, site, NOW.getTime() - 90 * DAY_MS, to, seededRandom(7));
  const options = { maxGapMs: DEFAULT_MAX_GAP_MS, zoneOf: () => localDays('Europe/Berlin') };
  const days = (rollUpBattery(battery.serialNumber, undefined, series.points, options)?.days ?? []).map((day) => ({
    date: day.date,
    soh: day.soh,
    dischargedKwh: day.dischargedUkwh / 1e6,
    operatingMs: day.operatingMs,
  }));
  const limits = { limitKwh: null, limitHours: null, limitMonths: null, productionDate: null, dischargedUkwh: null };
  const { projection } = lifecycleOf(battery.serialNumber, { nominalEnergyKwh: 20, ...limits }, days, TODAY).soh;
  if (projection.status === 'reached') return 0;
  return projection.date ? dayOf(projection.date) - dayOf(TODAY) : Number.POSITIVE_INFINITY;
}

describe('the demo fleet ages by the ageing model (decision 135)', () => {
  it("gives every battery the SoH its profile's wear over its age leaves, within the spread of its use", () => {
    for (const battery of fleet.batteries) {
      const modelled = demoWearPerDay(battery.serialNumber) * ageDays(battery);
      const lost = 100 - battery.soh;
      expect(lost, battery.serialNumber).toBeGreaterThanOrEqual(modelled * (1 - DEMO_WEAR_SPREAD) - 0.05);
      expect(lost, battery.serialNumber).toBeLessThanOrEqual(modelled * (1 + DEMO_WEAR_SPREAD) + 0.05);
    }
  });

  it('shows a spread: the hard-used quarter (heat, deep drains) has lower SoH and loses it faster than the gentle one', () => {
    const soh = (batteries: DemoBattery[]) => mean(batteries.map((battery) => battery.soh));
    expect(soh(hard)).toBeLessThan(soh(gentle) - 5);
    expect(mean(hard.map(lostPerDay))).toBeGreaterThan(2 * mean(gentle.map(lostPerDay)));
    const kind = (name: string) => fleet.batteries.filter((b) => usageProfileOf(b.serialNumber).kind === name);
    expect(mean(kind('hot').map(lostPerDay))).toBeGreaterThan(mean(kind('gentle').map(lostPerDay)));
    const sohs = fleet.batteries.map((battery) => battery.soh);
    expect(Math.min(...sohs)).toBeGreaterThan(60);
    expect(Math.max(...sohs)).toBeGreaterThan(97);
  });

  it("declines its history at its lifetime's wear, so the product projects an earlier end of life for the hard-used", () => {
    const sample = (batteries: DemoBattery[]) => batteries.filter((_, n) => n % 5 === 0);
    const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    const [hardDays, gentleDays] = [sample(hard).map(daysToEndOfLife), sample(gentle).map(daysToEndOfLife)];
    expect(median(hardDays)).toBeLessThan(median(gentleDays) / 2);
    for (const [n, battery] of sample(hard).entries()) {
      const expected = battery.soh <= 80 ? 0 : (battery.soh - 80) / lostPerDay(battery);
      expect(Math.abs((hardDays[n] as number) - expected) / Math.max(expected, 30), battery.serialNumber).toBeLessThan(
        0.1,
      );
    }
  }, 60_000);
});
