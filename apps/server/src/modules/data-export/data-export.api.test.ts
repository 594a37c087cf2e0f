import { request as httpRequest } from 'node:http';
import { apiPath } from '@cbm/contracts/endpoint';
import { statisticsEndpoints } from '@cbm/contracts/endpoints/statistics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { EXPORT_QUERIES_AHEAD, EXPORT_ROWS_PER_BATCH } from './export-stream';

/** 200 batteries with a day row for each day of a year (serials before the demo's): eight queries or more. */
const BATTERIES = 200;
const YEAR = { first: '2025-11-21', last: '2026-11-20' };

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('data export, streamed', (kind) => {
  let t: TestApp;
  let admin: string;
  let siteId: number;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    siteId = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
    await t.db.query(
      `INSERT INTO battery (serial_number, operating_site_id, name, battery_type, product)
       SELECT '0-STREAM-' || lpad(n::text, 3, '0'), $1, 'Stream ' || n, 'LI-48', 'Bench'
         FROM generate_series(1, $2::int) n`,
      [siteId, BATTERIES],
    );
    await t.db.query(
      `INSERT INTO battery_day (battery_serial_number, operating_site_id, day, timezone, energy_charged_kwh,
         energy_discharged_kwh, operating_ms, charging_ms, discharging_ms, standby_ms, idle_ms, error_ms, offline_ms,
         low_soc_ms, charge_sessions, min_soc, max_soc, soh)
       SELECT '0-STREAM-' || lpad(n::text, 3, '0'), $1, d::date, 'Europe/Berlin', n + 0.5, n, 72000000, 18000000,
         36000000, 18000000, 0, 0, 0, 600000, 2, 12, 98, 94
       FROM generate_series(1, $2::int) n, generate_series($3::date, $4::date, interval '1 day') d`,
      [siteId, BATTERIES, YEAR.first, YEAR.last],
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    url =
      `http://127.0.0.1:${port}${apiPath(statisticsEndpoints.export)}?operatingSiteId=${siteId}&serials=all&resolution=daily` +
      `&from=2025-11-20T23:00:00Z&to=2026-11-20T23:00:00Z&timeZone=Europe/Berlin`;
  }, 120_000);
  afterAll(() => t.close());

  it('sends the first batteries while later ones are still queried, and queries no more once the client is gone', async () => {
    expect(BATTERIES * 365).toBeGreaterThan((EXPORT_QUERIES_AHEAD + 3) * EXPORT_ROWS_PER_BATCH);
    const query = t.db.query;
    let exportQueries = 0;
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    // The repository calls db.query at each query: every batch after the first waits until the test lets it answer.
    t.db.query = (async (sql: string, params?: unknown[]) => {
      if (sql.includes('"co2Kg"') && ++exportQueries > 1) await gate;
      return query.call(t.db, sql, params);
    }) as typeof query;
    try {
      const received = await new Promise<string>((resolve, reject) => {
        const client = httpRequest(url, { headers: { cookie: admin, 'accept-language': 'en' } }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
            if (!text.includes('0-STREAM-002,')) return;
            // The second battery's rows arrived: the client hangs up in the middle of the file.
            client.destroy();
            resolve(text);
          });
          response.on('error', () => undefined);
        });
        client.on('error', reject);
        client.end();
      });
      expect(received.startsWith('\uFEFF')).toBe(true);
      expect(received.split('\r\n')[1]).toBe('0-STREAM-001,Stream 1,Stream 1,11-21-2025,20.00,1.500,1.000,0.579');
      // The first batch was answered, the next ones are being queried: the file began before its queries ended.
      expect(exportQueries).toBe(1 + EXPORT_QUERIES_AHEAD);
      for (let waited = 0; waited < 5_000; waited += 20) {
        const open = await new Promise<number>((resolve) => t.app.server.getConnections((_, count) => resolve(count)));
        if (open === 0) break;
        await delay(20);
      }
      await delay(50);
      openGate();
      await delay(200);
      // The server saw the client go: the batches answered now start no further query.
      expect(exportQueries).toBe(1 + EXPORT_QUERIES_AHEAD);
    } finally {
      t.db.query = query;
      openGate();
    }
    // Nothing of the cut export holds the database.
    const after = await t.request({
      url: `/api/v2/Statistics/filter/batteries?operatingSiteId=${siteId}`,
      cookie: admin,
    });
    expect(after.statusCode).toBe(200);
  });
});
