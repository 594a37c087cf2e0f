import { batteryHistorySchema, batteryTimelineSchema, HISTORY_MAX_POINTS } from '@cbm/contracts/battery-history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { insertTestEvents, TEST_WINDOW } from '../events/test/events-test-data';

const HOUR_MS = 3_600_000;
/** Ten hours of roll-ups 40 days ago: far from today, so only a range found from the data shows them. */
const FIRST_HOUR = new Date(Math.floor((Date.now() - 40 * 24 * HOUR_MS) / HOUR_MS) * HOUR_MS);

describeEachDatabase('battery history (decision 115)', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let stations: string;
  let hamburg: number;
  let wien: number;
  let serial: string;

  const get = (path: string, cookie = operator, language = 'en') =>
    t.request({ url: `/api/v2/battery/History/${path}`, cookie, headers: { 'accept-language': language } });
  const range = (from: Date | string, to: Date | string) =>
    `from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    stations = await t.signIn('stations@cbm.demo');
    const ids = await siteNodeIds(t, admin);
    hamburg = ids['Hamburg Hafen'] as number;
    wien = ids['Wien Süd'] as number;
    const [row] = await t.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number LIMIT 1',
      [hamburg],
    );
    serial = row?.serial_number as string;
    await t.db.query('DELETE FROM battery_hour WHERE battery_serial_number = $1', [serial]);
    await t.db.query(
      `INSERT INTO battery_hour (battery_serial_number, operating_site_id, hour, energy_charged_kwh,
         energy_discharged_kwh, operating_ms, low_soc_ms, charging_ms, discharging_ms, min_soc, max_soc)
       SELECT $1, $2, $3::timestamptz + make_interval(hours => i), 1.5, 0.25, 3600000, 0,
              CASE WHEN i < 4 THEN 3600000 ELSE 0 END, CASE WHEN i < 4 THEN 0 ELSE 3600000 END, 20 + i, 30 + i
         FROM generate_series(0, 9) AS i`,
      [serial, hamburg, FIRST_HOUR],
    );
    await insertTestEvents(t.db, hamburg, serial, 'MD-HISTORY');
    await t.db.query(
      `INSERT INTO alarm (rule_name, kind, product, operating_site_id, serial_number, device_name, type, code,
         description, opened_at, cleared_at)
       VALUES ('Errors', 'event', 'battery', $1, $2, 'B', 'error', 'T3', 'Test T3', $3::timestamptz + interval '2 hours', NULL),
              ('Errors', 'event', 'battery', $1, $2, 'B', 'error', 'T9', 'Old', $3::timestamptz - interval '3 days',
               $3::timestamptz - interval '2 days')`,
      [hamburg, serial, TEST_WINDOW.from],
    );
  });
  afterAll(() => t.close());

  describe('GET /api/v2/battery/History/{serial}', () => {
    it("opens on the seven days of the site ending with the newest roll-up hour's day, for the operator without expert features", async () => {
      const response = await get(`${serial}?operatingSiteId=${hamburg}`);
      expect(response.statusCode).toBe(200);
      const body = batteryHistorySchema.parse(response.json());
      const lastHour = FIRST_HOUR.getTime() + 9 * HOUR_MS;
      expect(body.dataFrom).toBe(FIRST_HOUR.toISOString());
      expect(body.dataTo).toBe(new Date(lastHour).toISOString());
      // Whole days of the site's zone (Europe/Berlin), the last one holding the newest hour.
      expect(Date.parse(body.to)).toBeGreaterThan(lastHour);
      expect(Date.parse(body.to) - lastHour).toBeLessThanOrEqual(24 * HOUR_MS);
      expect(new Date(body.to).toLocaleTimeString('en-GB', { timeZone: 'Europe/Berlin' })).toBe('00:00:00');
      expect(Math.round((Date.parse(body.to) - Date.parse(body.from)) / HOUR_MS / 24)).toBe(7);
      expect(body.bucketSeconds).toBe(3600);
      const filled = body.points.filter((point) => point.maxSoc !== null);
      expect(filled).toHaveLength(10);
      expect(filled[0]).toMatchObject({
        minSoc: 20,
        maxSoc: 30,
        chargedKwh: 1.5,
        dischargedKwh: 0.25,
        chargingHours: 1,
      });
      expect(filled[9]).toMatchObject({ minSoc: 29, maxSoc: 39, dischargingHours: 1, chargingHours: 0 });
    });

    it('sums whole hours into at most HISTORY_MAX_POINTS buckets over a long range', async () => {
      const from = new Date(FIRST_HOUR.getTime() - 100 * 24 * HOUR_MS);
      const to = new Date(FIRST_HOUR.getTime() + 24 * HOUR_MS);
      const response = await get(`${serial}?operatingSiteId=${hamburg}&${range(from, to)}`);
      const body = batteryHistorySchema.parse(response.json());
      expect(body.bucketSeconds).toBe(7 * 3600);
      expect(body.points.length).toBeLessThanOrEqual(HISTORY_MAX_POINTS);
      const charged = body.points.reduce((sum, point) => sum + (point.chargedKwh ?? 0), 0);
      expect(charged).toBeCloseTo(15, 6);
    });

    it('refuses a half range, an inverted one and one over a year with a message', async () => {
      const half = await get(`${serial}?operatingSiteId=${hamburg}&from=${encodeURIComponent(TEST_WINDOW.from)}`);
      expect(half.statusCode).toBe(400);
      expect(half.json().message).toContain('both ends');
      const german = await get(
        `${serial}?operatingSiteId=${hamburg}&to=${encodeURIComponent(TEST_WINDOW.to)}`,
        operator,
        'de',
      );
      expect(german.json().message).toContain('beide Enden');
      const inverted = await get(`${serial}?operatingSiteId=${hamburg}&${range(TEST_WINDOW.to, TEST_WINDOW.from)}`);
      expect(inverted.statusCode).toBe(400);
      const long = await get(`${serial}?operatingSiteId=${hamburg}&${range('2024-01-01', '2025-06-01')}`);
      expect(long.statusCode).toBe(400);
    });

    it('answers 403 without the live view and at a site the user does not see, 404 for another battery', async () => {
      expect((await get(`${serial}?operatingSiteId=${hamburg}`, stations)).statusCode).toBe(403);
      expect((await get(`${serial}?operatingSiteId=${wien}`)).statusCode).toBe(403);
      expect((await get(`${serial}x?operatingSiteId=${hamburg}`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/v2/battery/History/{serial}/timeline', () => {
    it("lists the range's events and the alarms open in it, newest first", async () => {
      const response = await get(
        `${serial}/timeline?operatingSiteId=${hamburg}&${range(TEST_WINDOW.from, TEST_WINDOW.to)}`,
      );
      expect(response.statusCode).toBe(200);
      const body = batteryTimelineSchema.parse(response.json());
      expect(body.events).toHaveLength(45);
      expect(body.events[0]?.values).toMatchObject({ ErrorCode: 'T45', BatterySerialNumber: serial });
      expect(body.alarms.map((alarm) => alarm.code)).toEqual(['T3']);
      expect(body.truncated).toBe(false);
    });

    it('answers 403 without the live view', async () => {
      const path = `${serial}/timeline?operatingSiteId=${hamburg}&${range(TEST_WINDOW.from, TEST_WINDOW.to)}`;
      expect((await get(path, stations)).statusCode).toBe(403);
    });
  });
});
