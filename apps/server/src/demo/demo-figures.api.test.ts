import { apiPath } from '@cbm/contracts/endpoint';
import { mdloadStatisticsEndpoints } from '@cbm/contracts/endpoints/mdload-statistics';
import { eventPageSchema } from '@cbm/contracts/events';
import { mdloadConsumptionSchema, mdloadStartSocSchema } from '@cbm/contracts/mdload-statistics';
import type { StatisticsResponse } from '@cbm/contracts/statistics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app';

/** More than the 14 days the history once had hour rows for, so a foreign zone reaches days without them. */
const HISTORY_DAYS = 16;
const MONTH = 'from=2026-10-21T00:00:00Z&to=2026-11-21T00:00:00Z';
const WEEK = 'startTime=2026-11-14T00:00:00Z&endTime=2026-11-21T00:00:00Z';
const NOISE = /\d\.\d{4,}/;

/** The demo with its history, asked the way a customer asks: the forms' defaults, every site. */
describeEachDatabase('demo figures', (kind) => {
  let t: TestApp;
  let admin: string;
  let sites: { id: number; timezone: string }[];
  const get = (url: string) => t.request({ url, cookie: admin });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, {}, { historyDays: HISTORY_DAYS });
    admin = await t.signIn('admin@cbm.demo');
    sites = await t.db.query('SELECT id, timezone FROM operating_site ORDER BY id');
  }, 600_000);
  afterAll(() => t.close());

  it('answers statistics and the export over the last month at every site in its own zone, and in another', async () => {
    expect(new Set(sites.map((site) => site.timezone)).size).toBeGreaterThan(3);
    for (const site of sites) {
      const base = `operatingSiteId=${site.id}&type=totalenergy&groupBy=organization&granularity=day&${MONTH}`;
      const own = await get(`/api/v2/Statistics?${base}`);
      expect(own.statusCode, `${site.timezone}: ${own.body}`).toBe(200);
      const body = own.json() as StatisticsResponse;
      expect(body.timeZone).toBe(site.timezone);
      expect((body.series[0]?.values.chargedKwh ?? []).some((kwh) => (kwh ?? 0) > 0)).toBe(true);
      const other = await get(`/api/v2/Statistics?${base}&timeZone=America/New_York`);
      expect(other.statusCode, `${site.timezone} in New York: ${other.body}`).toBe(200);
      const exported = await get(
        `/api/v2/Statistics/export?operatingSiteId=${site.id}&serials=all&resolution=monthly&${MONTH}`,
      );
      expect(exported.statusCode, exported.body).toBe(200);
    }
  });

  it('gives every charger-station unit a non-zero consumption last week, equal to its stations’ sessions', async () => {
    const units = await t.db.query<{ site: number; timezone: string }>(
      `SELECT u.operating_site_id AS site, o.timezone FROM mdload_unit u JOIN operating_site o ON o.id = u.operating_site_id
        ORDER BY 1`,
    );
    expect(units).toHaveLength(5);
    for (const unit of units) {
      const query = `operatingSiteId=${unit.site}&timeZone=${encodeURIComponent(unit.timezone)}&${WEEK}`;
      const response = await get(`${apiPath(mdloadStatisticsEndpoints.consumption)}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toMatch(NOISE);
      const consumption = mdloadConsumptionSchema.parse(response.json());
      const [sessions] = await t.db.query<{ kwh: string }>(
        `SELECT round(coalesce(sum(cs.energy_kwh), 0), 3)::text AS kwh FROM charge_session cs
           JOIN charger c ON c.serial_number = cs.charger_serial JOIN charging_station s ON s.charger_id = c.id
          WHERE cs.operating_site_id = $1 AND cs.start_at >= '2026-11-14T00:00Z' AND cs.start_at < '2026-11-21T00:00Z'`,
        [unit.site],
      );
      expect(consumption.summary.totalKwh).toBeGreaterThan(0);
      expect(consumption.summary.totalKwh).toBe(Number(sessions?.kwh));
      expect(consumption.summary.peakPowerKw).toBeGreaterThan(0);
      const startSoc = mdloadStartSocSchema.parse(
        (await get(`${apiPath(mdloadStatisticsEndpoints.startSoc)}?${query}`)).json(),
      );
      expect(startSoc.sessions).toBeGreaterThan(0);
    }
  });

  it('shows the seeded events with SoC and stack voltage in the filter view’s default columns', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v2/battery/Events',
      cookie: admin,
      payload: {
        from: '2026-11-01T00:00:00Z',
        to: '2026-11-22T00:00:00Z',
        max: 100,
        operatingSiteIds: sites.map((site) => site.id),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { events } = eventPageSchema.parse(response.json());
    expect(events).toHaveLength(100);
    for (const event of events) {
      expect(typeof event.values.SOC).toBe('number');
      expect(typeof event.values.StackVoltage).toBe('number');
    }
  });
});
