import { seededRandom } from '@cbm/demo-fixtures/random';
import { describe, expect, it } from 'vitest';
import { type DayTotals, DEFAULT_MAX_GAP_MS, rollUpBattery } from '../modules/battery-days/attribution';
import { localDays } from '../modules/battery-days/local-days';
import { DEMO_SEED, generateFleet } from './demo-fleet';
import { generateSeries, type HistorySite } from './history-series';

const NOW = new Date('2026-11-21T10:00:00Z');
const DAY_MS = 86_400_000;
const fleet = generateFleet([{ id: 1, index: 0 }], NOW, DEMO_SEED);
const site: HistorySite = { id: 1, timeZone: 'Europe/Berlin', shifts: 3, chargerSerials: ['CH-00001'] };
const options = { maxGapMs: DEFAULT_MAX_GAP_MS, zoneOf: () => localDays('Europe/Berlin') };
const from = NOW.getTime() - 90 * DAY_MS;

const history = fleet.batteries.slice(0, 8).map((battery) => {
  const series = generateSeries(battery, site, from, Date.parse(battery.lastDataTimestamp), seededRandom(7));
  return { battery, series, rollups: rollUpBattery(battery.serialNumber, undefined, series.points, options) };
});
const days = history.flatMap(({ rollups }) => rollups?.days ?? []);
const weekday = (day: DayTotals) => new Date(`${day.date}T00:00:00Z`).getUTCDay();
const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);

describe('demo history series', () => {
  it('is deterministic for a seed', () => {
    const [first] = history;
    if (!first) throw new Error('no battery');
    const again = generateSeries(
      first.battery,
      site,
      from,
      Date.parse(first.battery.lastDataTimestamp),
      seededRandom(7),
    );
    expect(again).toEqual(first.series);
  });

  it('covers 90 days with sessions and day rows for every battery', () => {
    for (const { rollups } of history) {
      expect(rollups?.days.length).toBeGreaterThanOrEqual(90);
      expect(rollups?.sessions.length).toBeGreaterThan(90);
    }
  });

  it('works harder on weekdays than at weekends, with charging in between', () => {
    const discharging = (filter: (day: DayTotals) => boolean) =>
      average(days.filter(filter).map((day) => day.dischargingMs));
    expect(discharging((day) => weekday(day) >= 1 && weekday(day) <= 5)).toBeGreaterThan(
      1.5 * discharging((day) => weekday(day) === 6),
    );
    expect(discharging((day) => weekday(day) === 0)).toBeLessThan(discharging((day) => weekday(day) === 6));
    expect(average(days.map((day) => day.chargingMs))).toBeGreaterThan(3_600_000);
  });

  it('charges in breaks as well as between shifts', () => {
    const workdays = days.filter((day) => weekday(day) >= 1 && weekday(day) <= 5);
    expect(average(workdays.map((day) => day.chargeSessions))).toBeGreaterThan(2);
    const sessions = history.flatMap(({ rollups }) => rollups?.sessions ?? []);
    expect(sessions.some((s) => s.startSoc < 60 && s.endAt - s.startAt <= 30 * 60_000)).toBe(true);
    expect(sessions.some((s) => s.startSoc <= 20)).toBe(true);
    expect(sessions.some((s) => s.endSoc === 100 && s.energyUkwh > 0)).toBe(true);
  });

  it('lets the state of health decline towards the fleet value', () => {
    for (const { battery, rollups } of history) {
      const sohs = (rollups?.days ?? []).map((day) => day.soh).filter((soh) => soh !== null);
      expect(sohs[0]).toBeGreaterThan(sohs.at(-1) ?? 100);
      expect(sohs.at(-1)).toBeCloseTo(battery.soh, 0);
    }
  });

  it('reports warnings and errors with codes and descriptions, each one cleared or current', () => {
    const events = history.flatMap(({ series }) => series.events.map((entry) => entry.event));
    expect(events.some((event) => event.type === 'error')).toBe(true);
    expect(events.some((event) => event.type === 'warning')).toBe(true);
    for (const event of events) {
      expect(event.code).toMatch(/^[EW]\d{3}$/);
      expect(event.description.length).toBeGreaterThan(3);
    }
  });
});
