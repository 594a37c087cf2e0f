import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseKind, describeEachDatabase, openTestDatabase, TEST_SEED_TIME } from '../../../test/test-app';
import type { Database } from '../../db/database';
import { seedDemo } from '../../demo/seed-demo';
import { ADDITIVE_FIGURES, type DayTotals, type RollupPoint, toRollupPoint } from '../battery-days/attribution';
import { hourTotals } from '../battery-days/hour-rollup';
import { rollupListener } from '../battery-days/rollup-listener';
import { rollupRepository } from '../battery-days/rollup-repository';
import {
  cutsArbitrary,
  optionsFor,
  type Rollups,
  rollUpAll,
  sampleWindow,
  seriesArbitrary,
  sorted,
  toBatches,
  toSample,
} from '../battery-days/test/rollup-test-data';
import { insertBatterySamples, preparePartitions } from '../device-ingestion/device-history';
import { recomputeRollups } from './recompute';

const HOUR_FIGURES = [
  'serialNumber',
  'siteId',
  ...ADDITIVE_FIGURES.filter((figure) => figure !== 'chargeSessions'),
  'minSoc',
  'maxSoc',
  'soh',
] as const satisfies readonly (keyof DayTotals)[];
type HourFigures = Pick<DayTotals, (typeof HOUR_FIGURES)[number]> & { startMs: number };

const byHour = (hours: HourFigures[]) =>
  hours.sort((a, b) => a.serialNumber.localeCompare(b.serialNumber) || a.startMs - b.startMs || a.siteId - b.siteId);

/** One pass of the hour roll-up over each battery's whole series, in the figures battery_hour stores. */
const hoursInOnePass = (series: ReadonlyMap<string, RollupPoint[]>) =>
  byHour(
    [...series].flatMap(([serial, points]) =>
      hourTotals(serial, undefined, points).map((hour) => ({
        ...(Object.fromEntries(HOUR_FIGURES.map((figure) => [figure, hour[figure]])) as Omit<HourFigures, 'startMs'>),
        startMs: Date.parse(hour.date),
      })),
    ),
  );

describeEachDatabase('roll-ups in the database', (kind: DatabaseKind) => {
  let db: Database;
  let drop: () => Promise<void>;
  let serials: string[];
  const zones = new Map<number, string>();

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(kind));
    await seedDemo(db, TEST_SEED_TIME);
    const batteries = await db.query<{ serial_number: string }>('SELECT serial_number FROM battery ORDER BY 1');
    serials = batteries.map((battery) => battery.serial_number);
    const sites = await db.query<{ id: number; timezone: string }>('SELECT id, timezone FROM operating_site');
    for (const site of sites) zones.set(site.id, site.timezone);
  });
  afterAll(() => drop());

  const stored = async (names: string[]): Promise<Rollups> => {
    const rollups = rollupRepository(db);
    return sorted({ days: await rollups.listDays(names), sessions: await rollups.listSessions(names) });
  };
  const clear = (names: string[]) =>
    db.query(
      `WITH d AS (DELETE FROM battery_day WHERE battery_serial_number = ANY($1)),
         h AS (DELETE FROM battery_hour WHERE battery_serial_number = ANY($1)),
         s AS (DELETE FROM charge_session WHERE battery_serial_number = ANY($1))
       DELETE FROM rollup_cursor WHERE battery_serial_number = ANY($1)`,
      [names],
    );
  const ingest = async (series: Map<string, RollupPoint[]>, cuts: number[]) => {
    for (const batch of toBatches(series, cuts)) {
      const samples = batch.flatMap(([serial, points]) => points.map((p) => toSample(serial, p)));
      await db.transaction((tx) => rollupListener(tx, samples));
    }
  };
  const storedHours = (serial: string) =>
    db.query(
      `SELECT hour, operating_site_id, energy_charged_kwh::text, energy_discharged_kwh::text, operating_ms, low_soc_ms,
         ARRAY[charged_ukwh_15, charged_ukwh_30, charged_ukwh_45, discharged_ukwh_15, discharged_ukwh_30,
           discharged_ukwh_45, operating_ms_15, operating_ms_30, operating_ms_45, low_soc_ms_15, low_soc_ms_30,
           low_soc_ms_45]::text AS quarters
         FROM battery_hour WHERE battery_serial_number = $1 ORDER BY hour, operating_site_id`,
      [serial],
    );
  /** Hour rows as stored, in the fields of the roll-up's hour totals (start instead of date). */
  const storedHourTotals = async (names: string[]) =>
    byHour(
      await db.query<HourFigures>(
        `SELECT battery_serial_number AS "serialNumber", operating_site_id AS "siteId",
           (extract(epoch FROM hour) * 1000)::bigint AS "startMs",
           (energy_charged_kwh * 1000000)::bigint AS "chargedUkwh",
           (energy_discharged_kwh * 1000000)::bigint AS "dischargedUkwh", operating_ms AS "operatingMs",
           charging_ms AS "chargingMs", discharging_ms AS "dischargingMs", standby_ms AS "standbyMs",
           idle_ms AS "idleMs", error_ms AS "errorMs", offline_ms AS "offlineMs", low_soc_ms AS "lowSocMs",
           min_soc AS "minSoc", max_soc AS "maxSoc", soh
         FROM battery_hour WHERE battery_serial_number = ANY($1::text[])`,
        [names],
      ),
    );
  const siteIds = () => [...zones.keys()].sort((a, b) => a - b);

  it('the listener, fed in random batches, stores exactly the days, sessions and hours one pass computes', async () => {
    const moves = [...siteIds().slice(0, 2), ...siteIds().slice(-1)];
    const fleet = fc.array(seriesArbitrary(moves, { minLength: 15, maxLength: 50 }), { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(fleet, cutsArbitrary, async (all, cuts) => {
        const names = serials.slice(0, all.length);
        await clear(names);
        const series = new Map(all.map((points, n) => [names[n] as string, points]));
        await ingest(series, cuts);
        expect(await stored(names)).toEqual(rollUpAll(series, optionsFor(zones)));
        expect(await storedHourTotals(names)).toEqual(hoursInOnePass(series));
      }),
      { numRuns: 25 },
    );
  });

  it('recompute after a time-zone change redoes the range in the new zone and leaves other days alone', async () => {
    const [serial, other] = serials.slice(-2) as [string, string];
    const siteId = siteIds()[0] as number;
    const start = Date.parse('2026-03-20T00:00:00Z');
    const points: RollupPoint[] = Array.from({ length: 20 * 24 * 6 }, (_, n) => ({
      ts: start + n * 600_000,
      siteId,
      state: n % 36 < 12 ? 'charging' : n % 36 < 30 ? 'discharging' : 'standby',
      soc: (n * 7) % 100,
      soh: 96,
      chargerSerial: 'CH-1',
      chargedUkwh: n * 300_000,
      dischargedUkwh: n * 200_000,
    }));
    const series = new Map([
      [serial, points],
      [other, points],
    ]);
    await ingest(series, [500, 1000, 2000]);
    await db.query('UPDATE operating_site SET timezone = $1 WHERE id = $2', ['America/New_York', siteId]);
    const before = await stored([serial, other]);
    const summary = await recomputeRollups(
      db,
      { serialNumbers: [serial], fromDate: '2026-03-25', toDate: '2026-03-31' },
      { loadWindow: async (_tx, name, fromMs, toMs) => sampleWindow(series.get(name) ?? [], fromMs, toMs) },
    );
    expect(summary.days).toBe(7);
    const after = await stored([serial, other]);
    const inRange = (date: string) => date >= '2026-03-25' && date <= '2026-03-31';
    const newZone = rollUpAll(new Map([[serial, points]]), optionsFor(new Map([[siteId, 'America/New_York']])));
    const mine = (rollups: Rollups) => rollups.days.filter((day) => day.serialNumber === serial);
    expect(mine(after).filter((day) => inRange(day.date))).toEqual(newZone.days.filter((day) => inRange(day.date)));
    expect(mine(after).filter((day) => !inRange(day.date))).toEqual(mine(before).filter((day) => !inRange(day.date)));
    expect(after.days.filter((day) => day.serialNumber === other)).toEqual(
      before.days.filter((day) => day.serialNumber === other),
    );
    expect(after.sessions.filter((s) => s.serialNumber === serial)).toEqual(newZone.sessions);
    await db.query('UPDATE operating_site SET timezone = $1 WHERE id = $2', [zones.get(siteId), siteId]);
  });

  it('recompute from the stored raw samples reproduces what the listeners stored (days, sessions, hours)', async () => {
    const noise = fc.array(fc.double({ min: 0, max: 0.999e-6, noNaN: true }), { minLength: 60, maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(
        seriesArbitrary(siteIds().slice(0, 2), { minLength: 10, maxLength: 60 }),
        noise,
        async (points, jitter) => {
          const serial = serials[10] as string;
          await clear([serial]);
          await db.query('DELETE FROM battery_sample WHERE serial_number = $1', [serial]);
          const samples = points.map((p, n) => {
            const sample = toSample(serial, p);
            const extra = jitter[n] ?? 0;
            return { ...sample, seq: n, totalEnergyChargedKwh: sample.totalEnergyChargedKwh + extra };
          });
          await preparePartitions(
            db,
            samples.map((sample) => sample.ts),
          );
          await db.transaction(async (tx) => {
            await insertBatterySamples(tx, samples);
            await rollupListener(tx, samples);
          });
          const listened = await stored([serial]);
          const listenedHours = await storedHours(serial);
          const dates = [...new Set(listened.days.map((day) => day.date))].sort();
          const middle = dates[Math.floor(dates.length / 2)] ?? '2026-01-01';
          for (const [fromDate, toDate] of [
            [middle, middle],
            [dates[0] ?? middle, dates.at(-1) ?? middle],
          ] as const) {
            await db.query('UPDATE battery_hour SET operating_ms = operating_ms + 1 WHERE battery_serial_number = $1', [
              serial,
            ]);
            await recomputeRollups(db, { serialNumbers: [serial], fromDate, toDate });
            expect(await stored([serial])).toEqual(listened);
          }
          expect(await storedHours(serial)).toEqual(listenedHours);
          expect(listened).toEqual(rollUpAll(new Map([[serial, samples.map(toRollupPoint)]]), optionsFor(zones)));
        },
      ),
      { numRuns: 8 },
    );
  });
});
