import { type AlertProduct, alertBodySchema } from '@cbm/contracts/alerts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseKind, describeEachDatabase, openTestDatabase, TEST_SEED_TIME } from '../../test/test-app';
import type { Database } from '../db/database';
import { toAlert } from '../modules/alerts/alert-repository';
import { recomputeRollups } from '../modules/rollups/recompute';
import { rollupListener } from '../modules/rollups/rollup-listener';
import { rollupRepository } from '../modules/rollups/rollup-repository';
import { point, toSample } from '../modules/rollups/rollup-test-data';
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

  it('seeds example alerts at one site that pass the form’s rules, once', async () => {
    const rows = await db.query<
      { product: AlertProduct; active: boolean; site: string } & Parameters<typeof toAlert>[0]
    >(
      `SELECT a.*, a.product, n.name AS site FROM alert a JOIN site_node n ON n.id = a.operating_site_id ORDER BY a.id`,
    );
    expect(rows.map((row) => [row.product, row.active, row.site])).toEqual([
      ['battery', true, DEMO_ALERT_SITE],
      ['battery', false, DEMO_ALERT_SITE],
      ['mdload', true, DEMO_ALERT_SITE],
    ]);
    for (const row of rows) expect(alertBodySchema(row.product).safeParse(toAlert(row)).error).toBeUndefined();
    expect(await seedDemo(db, TEST_SEED_TIME, DEMO_SEED, { alerts: true })).toBe(false);
    expect(await db.query('SELECT id FROM alert')).toHaveLength(3);
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
