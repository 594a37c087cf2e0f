import { type AlertProduct, alertBodySchema } from '@cbm/contracts/alerts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseKind, describeEachDatabase, openTestDatabase, TEST_SEED_TIME } from '../../test/test-app';
import type { Database } from '../db/database';
import { toAlert } from '../modules/alerts/alert-repository';
import { rollupListener } from '../modules/battery-days/rollup-listener';
import { rollupRepository } from '../modules/battery-days/rollup-repository';
import { point, toSample } from '../modules/battery-days/test/rollup-test-data';
import { recomputeRollups } from '../modules/rollups/recompute';
import { DEMO_SEED } from './demo-fleet';
import { DEMO_ALERT_SITE } from './seed-alerts';
import { seedDemo } from './seed-demo';

describeEachDatabase('demo history and alerts', (kind: DatabaseKind) => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(kind));
    await seedDemo(db, TEST_SEED_TIME, DEMO_SEED, { historyDays: 3, alerts: true });
  });
  afterAll(() => drop());

  it('gives every battery day rows, charge sessions counted in them, and a cursor at its last data', async () => {
    const [counts] = await db.query<{ batteries: number; with_days: number; sessions: number; counted: number }>(
      `SELECT (SELECT count(*)::int FROM battery) AS batteries,
              (SELECT count(DISTINCT battery_serial_number)::int FROM battery_day) AS with_days,
              (SELECT count(*)::int FROM charge_session) AS sessions,
              (SELECT sum(charge_sessions)::int FROM battery_day) AS counted`,
    );
    expect(counts).toMatchObject({ batteries: 300, with_days: 300 });
    expect(counts?.sessions).toBe(counts?.counted);
    const [cursors] = await db.query<{ total: number; at_last_data: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE c.sample_at <= b.last_data_timestamp
                AND c.sample_at > b.last_data_timestamp - interval '1 day')::int AS at_last_data
         FROM rollup_cursor c JOIN battery b ON b.serial_number = c.battery_serial_number`,
    );
    expect(cursors).toEqual({ total: 300, at_last_data: 300 });
  });

  it('stores warnings and errors in the event table', async () => {
    const rows = await db.query<{ type: string; count: number }>(
      `SELECT type, count(*)::int AS count FROM device_event WHERE device_class = 'battery' GROUP BY type ORDER BY type`,
    );
    expect(rows.map((row) => row.type)).toEqual(['error', 'warning']);
  });

  it('gives every battery hour rows over the whole history that add up to its day rows', async () => {
    const figures = `sum(energy_charged_kwh)::text AS kwh, sum(operating_ms)::text AS operating,
      sum(charging_ms)::text AS charging, sum(discharging_ms)::text AS discharging, sum(standby_ms)::text AS standby,
      sum(offline_ms)::text AS offline`;
    const perBattery = (table: string) =>
      db.query<Record<string, string>>(
        `SELECT battery_serial_number AS serial, ${figures} FROM ${table} GROUP BY 1 ORDER BY 1`,
      );
    const days = await perBattery('battery_day');
    expect(days).toHaveLength(300);
    expect(await perBattery('battery_hour')).toEqual(days);
  });

  it('gives the history events the battery readings the filter view shows (SOC, SOH, stack voltage)', async () => {
    const [row] = await db.query<{ events: number; with_readings: number }>(
      `SELECT count(*)::int AS events,
              count(*) FILTER (WHERE jsonb_typeof(attributes -> 'SOC') = 'number'
                AND jsonb_typeof(attributes -> 'SOH') = 'number'
                AND (attributes ->> 'StackVoltage')::float8 > 20)::int AS with_readings
         FROM device_event WHERE device_class = 'battery'`,
    );
    expect(row?.events).toBeGreaterThan(0);
    expect(row?.with_readings).toBe(row?.events);
  });

  it('gives each charger-station unit samples whose meter counts its stations’ charge sessions', async () => {
    const rows = await db.query<{ unit: string; samples: number; metered: string; sessions: string }>(
      `WITH sessions AS (
         SELECT u.mdload_serial AS unit, sum(cs.energy_kwh) AS kwh
           FROM charge_session cs
           JOIN charger c ON c.serial_number = cs.charger_serial
           JOIN charging_station s ON s.charger_id = c.id
           JOIN charging_station_group g ON g.id = s.group_id
           JOIN mdload_unit u ON u.id = g.mdload_unit_id
          GROUP BY 1),
       meters AS (
         SELECT mdload_serial AS unit, count(*)::int AS samples,
                max(total_energy_kwh)::numeric - min(total_energy_kwh)::numeric AS kwh
           FROM mdload_sample GROUP BY 1)
       SELECT m.unit, m.samples, round(m.kwh, 3)::text AS metered, round(coalesce(s.kwh, 0), 3)::text AS sessions
         FROM meters m LEFT JOIN sessions s ON s.unit = m.unit ORDER BY 1`,
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.samples).toBeGreaterThan(3 * 144);
      expect(Number(row.sessions)).toBeGreaterThan(0);
      expect(row.metered).toBe(row.sessions);
    }
  });

  it('seeds example alerts at one site that pass the form’s rules, once', async () => {
    const rows = await db.query<
      { product: AlertProduct; active: boolean; site: string } & Parameters<typeof toAlert>[1]
    >(
      `SELECT a.*, a.product, n.name AS site FROM alert a JOIN site_node n ON n.id = a.operating_site_id ORDER BY a.id`,
    );
    expect(rows.map((row) => [row.product, row.active, row.site])).toEqual([
      ['battery', true, DEMO_ALERT_SITE],
      ['battery', false, DEMO_ALERT_SITE],
      ['mdload', true, DEMO_ALERT_SITE],
    ]);
    for (const row of rows)
      expect(alertBodySchema(row.product).safeParse(toAlert(row.product, row)).error).toBeUndefined();
    expect(await seedDemo(db, TEST_SEED_TIME, DEMO_SEED, { alerts: true })).toBe(false);
    expect(await db.query('SELECT id FROM alert')).toHaveLength(3);
  });

  it('holds an open alarm for each current error an example rule watches, as the battery’s report would have', async () => {
    const errors = await db.query<{ serialNumber: string; code: string }>(
      `SELECT b.serial_number AS "serialNumber", b.current_error_code AS code
         FROM battery b JOIN site_node n ON n.id = b.operating_site_id
        WHERE n.name = $1 AND b.current_error_code IS NOT NULL ORDER BY 1`,
      [DEMO_ALERT_SITE],
    );
    const open = await db.query(
      `SELECT serial_number AS "serialNumber", code, kind, rule_name AS "ruleName" FROM alarm
        WHERE cleared_at IS NULL ORDER BY 1`,
    );
    expect(errors).not.toEqual([]);
    expect(open).toEqual(errors.map((error) => ({ ...error, kind: 'event', ruleName: 'Errors of all batteries' })));
  });

  it('a recompute leaves days without raw samples alone', async () => {
    const serialNumbers = ['2000001', '2000002'];
    const before = await rollupRepository(db).listDays(serialNumbers);
    const dates = before.map((day) => day.date).sort();
    const summary = await recomputeRollups(db, {
      serialNumbers,
      fromDate: dates[0] ?? '',
      toDate: dates.at(-1) ?? '',
    });
    expect(summary.days).toBe(0);
    expect(await rollupRepository(db).listDays(serialNumbers)).toEqual(before);
  });

  it('live ingestion continues from the history cursor', async () => {
    const rollups = rollupRepository(db);
    const [serial] = (
      await db.query<{ serial_number: string }>(
        `SELECT serial_number FROM battery b JOIN rollup_cursor c ON c.battery_serial_number = b.serial_number
        WHERE c.state = 'standby' ORDER BY c.sample_at DESC LIMIT 1`,
      )
    ).map((row) => row.serial_number) as [string];
    const cursor = (await db.transaction((tx) => rollupRepository(tx).lockCursors([serial]))).get(serial);
    if (!cursor) throw new Error('no cursor');
    const next = { ...cursor.last, ts: cursor.last.ts + 60_000, state: 'discharging' as const };
    const date = (await rollups.listDays([serial])).at(-1)?.date;
    const before = (await rollups.listDays([serial])).find((day) => day.date === date);
    await db.transaction((tx) =>
      rollupListener(tx, [toSample(serial, { ...point(new Date(next.ts).toISOString()), ...next })]),
    );
    const after = (await rollups.listDays([serial])).find((day) => day.date === date);
    expect(after?.standbyMs).toBe((before?.standbyMs ?? 0) + 60_000);
  });
});
