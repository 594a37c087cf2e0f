import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const DAY_MS = 86_400_000;

describeEachDatabase('alarm retention', (kind) => {
  let t: TestApp;

  /** An alarm opened, acknowledged and cleared so many days ago (acknowledged and cleared: optional). */
  const alarm = async (days: { opened: number; acknowledged?: number; cleared?: number }) => {
    const ago = (n: number | undefined) => (n === undefined ? null : new Date(Date.now() - n * DAY_MS));
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO alarm (rule_name, kind, product, operating_site_id, serial_number, device_name, type, code,
                          description, opened_at, acknowledged_at, cleared_at)
       SELECT 'Errors', 'event', 'battery', id, 'R1', 'R1', 'error', 'E101', 'Cell over-temperature', $1, $2, $3
         FROM operating_site ORDER BY id LIMIT 1
       RETURNING id::int`,
      [ago(days.opened), ago(days.acknowledged), ago(days.cleared)],
    );
    return row?.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { ALARM_RETENTION_DAYS: 30 });
  }, 900_000);
  afterAll(async () => {
    await t?.close();
  });

  it('deletes the alarms cleared longer ago than ALARM_RETENTION_DAYS once the app runs; open and acknowledged ones stay', async () => {
    const old = await alarm({ opened: 40, acknowledged: 39, cleared: 31 });
    const recent = await alarm({ opened: 40, cleared: 29 });
    const open = await alarm({ opened: 400 });
    const acknowledged = await alarm({ opened: 400, acknowledged: 399 });

    await t.app.ready();
    const ids = async () =>
      (
        await t.db.query<{ id: number }>('SELECT id::int FROM alarm WHERE id = ANY($1::int[]) ORDER BY id', [
          [old, recent, open, acknowledged],
        ])
      ).map((row) => row.id);
    await expect.poll(ids, { timeout: 15_000, interval: 100 }).toEqual([recent, open, acknowledged]);
  });
});
