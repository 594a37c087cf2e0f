import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseKind, describeEachDatabase, openTestDatabase, TEST_SEED_TIME } from '../../../test/test-app';
import type { Database } from '../../db/database';
import { seedDemo } from '../../demo/seed-demo';
import { batteryIngestRepository } from '../devices/battery-ingest-repository';
import { monthOf, partitionRepository } from '../devices/partition-repository';
import { hourRollupListener } from '../statistics/hour-rollup';
import { type RollupPoint, toRollupPoint } from './attribution';
import { recomputeRollups } from './recompute';
import { rollupListener } from './rollup-listener';
import { rollupRepository } from './rollup-repository';
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
} from './rollup-test-data';

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
  const siteIds = () => [...zones.keys()].sort((a, b) => a - b);

  it('the listener, fed in random batches, stores exactly what one pass over all samples computes', async () => {
    const moves = [...siteIds().slice(0, 2), ...siteIds().slice(-1)];
    const fleet = fc.array(seriesArbitrary(moves, { minLength: 15, maxLength: 50 }), { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(fleet, cutsArbitrary, async (all, cuts) => {
        const names = serials.slice(0, all.length);
        await clear(names);
        const series = new Map(all.map((points, n) => [names[n] as string, points]));
        await ingest(series, cuts);
        expect(await stored(names)).toEqual(rollUpAll(series, optionsFor(zones)));
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
          await partitionRepository(db).ensureMonths([...new Set(samples.map((sample) => monthOf(sample.ts)))]);
          await db.transaction(async (tx) => {
            await batteryIngestRepository(tx).insertSamples(samples);
            await hourRollupListener(tx, samples);
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
