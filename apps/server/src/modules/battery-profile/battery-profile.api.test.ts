import type { AuditPage } from '@cbm/contracts/audit';
import {
  batteryProfileSchema,
  chargeSessionsSchema,
  PROFILE_MAX_POINTS,
  profileSettingsSchema,
} from '@cbm/contracts/battery-profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const HOUR_MS = 60 * 60 * 1000;
const FROM = new Date('2026-03-10T00:00:00Z');

describeEachDatabase('battery profile analysis', (kind) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let serial: string;
  let siteId: number;
  let otherSiteId: number;

  const profile = (query: string, cookie = admin, language = 'en', battery = serial) =>
    t.request({
      url: `/api/v2/battery/Profile/${encodeURIComponent(battery)}?${query}`,
      cookie,
      headers: { 'accept-language': language },
    });
  const range = (from: Date, to: Date, site = siteId) =>
    `operatingSiteId=${site}&from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
  const setProfiling = (hasProfiling: unknown, cookie = admin, site = siteId, battery = serial) =>
    t.request({
      method: 'POST',
      url: `/api/v2/battery/Profile/${encodeURIComponent(battery)}?operatingSiteId=${site}`,
      payload: { hasProfiling },
      cookie,
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    const [battery] = await t.db.query<{ serial_number: string; operating_site_id: number }>(
      'SELECT serial_number, operating_site_id FROM battery ORDER BY serial_number LIMIT 1',
    );
    serial = battery?.serial_number as string;
    siteId = battery?.operating_site_id as number;
    const [other] = await t.db.query<{ id: number }>('SELECT id FROM operating_site WHERE id <> $1 LIMIT 1', [siteId]);
    otherSiteId = other?.id as number;
    await t.db.query(
      'UPDATE battery SET has_profiling = false, profile_available_from = NULL WHERE serial_number = $1',
      [serial],
    );
    // Two days of samples a minute apart (charging the first 12 hours), plus one taken at another site.
    await t.db.query(
      `CREATE TABLE IF NOT EXISTS battery_sample_p202603 PARTITION OF battery_sample
         FOR VALUES FROM ('2026-03-01') TO ('2026-04-01')`,
    );
    await t.db.query(
      `INSERT INTO battery_sample (serial_number, ts, seq, operating_site_id, state, soc, soh, stack_voltage, current_a,
         min_cell_voltage, max_cell_voltage, min_cell_temperature, max_cell_temperature, board_temperature,
         total_energy_charged_kwh, total_energy_discharged_kwh, total_charging_hours, total_discharging_hours,
         total_standby_hours)
       SELECT $1, $2::timestamptz + make_interval(mins => i), i, CASE WHEN i = 5 THEN $3::int ELSE $4::int END,
              CASE WHEN i < 720 THEN 'charging' ELSE 'discharging' END, 20 + (i % 60), 97, 51 + (i % 2), 100 - i % 3,
              3.2, 3.3 + (i % 10) / 1000.0, 20, 25 + (i % 5), 30, 1000, 900, 10, 10, 10
         FROM generate_series(0, 2879) AS i`,
      [serial, FROM, otherSiteId, siteId],
    );
  });
  afterAll(() => t.close());

  describe('GET /api/v2/battery/Profile/{serial}', () => {
    it('averages the samples into at most 1,000 buckets, empty buckets included', async () => {
      const to = new Date(FROM.getTime() + 72 * HOUR_MS);
      const response = await profile(range(FROM, to));
      expect(response.statusCode).toBe(200);
      const body = batteryProfileSchema.parse(response.json());
      expect(body).toMatchObject({ batterySerialNumber: serial, hasProfiling: false, profileAvailableFrom: null });
      expect(body.bucketSeconds).toBe(260);
      expect(body.points.length).toBeLessThanOrEqual(PROFILE_MAX_POINTS);
      expect(body.points.length).toBe(Math.ceil((72 * 3600) / 260));
      expect(body.points[0]?.ts).toBe(FROM.toISOString());
      expect(body.points[0]?.state).toBe('charging');
      expect(body.points.at(-1)).toMatchObject({ samples: 0, soc: null, state: null });
      const samples = body.points.reduce((sum, point) => sum + point.samples, 0);
      expect(samples).toBe(2879);
    });

    it('keeps one bucket per sample for a short range, with cell extremes', async () => {
      const to = new Date(FROM.getTime() + 10 * 60_000);
      const body = batteryProfileSchema.parse((await profile(range(FROM, to))).json());
      expect(body.bucketSeconds).toBe(1);
      expect(body.points).toHaveLength(600);
      const filled = body.points.filter((point) => point.samples > 0);
      expect(filled.map((point) => point.soc)).toEqual([20, 21, 22, 23, 24, 26, 27, 28, 29]);
      expect(filled[1]).toMatchObject({ voltage: 52, current: 99, maxCellVoltage: 3.301, maxCellTemperature: 26 });
    });

    it('answers 400 with a clear message for an inverted or too long range, in English and German', async () => {
      const inverted = await profile(range(new Date(FROM.getTime() + HOUR_MS), FROM));
      expect(inverted.statusCode).toBe(400);
      expect(inverted.json()).toMatchObject({
        code: 'request.invalid',
        message: 'The start of the time range (from) must be before its end (to).',
      });
      const german = await profile(range(FROM, FROM), admin, 'de');
      expect(german.json().message).toBe('Der Beginn des Zeitraums (from) muss vor seinem Ende (to) liegen.');
      const long = await profile(range(FROM, new Date(FROM.getTime() + 400 * 24 * HOUR_MS)));
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toContain('at most 366 days');
      const missing = await profile(`operatingSiteId=${siteId}&from=yesterday`);
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json().errors)).toEqual(['querystring.from', 'querystring.to']);
    });

    it("answers 404 for another site's battery, 403 without cbm_view", async () => {
      const to = new Date(FROM.getTime() + HOUR_MS);
      const elsewhere = await profile(range(FROM, to, otherSiteId));
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json()).toMatchObject({ code: 'batteries.notFound' });
      expect((await profile(range(FROM, to), admin, 'en', 'no-such-battery')).statusCode).toBe(404);
      expect((await profile(range(FROM, to), operator)).statusCode).toBe(403);
    });
  });

  describe('POST /api/v2/battery/Profile/{serial}', () => {
    it('switches detailed profiling on (available from today) and off (the date stays), audited once each', async () => {
      const on = await setProfiling(true);
      expect(on.statusCode).toBe(200);
      const settings = profileSettingsSchema.parse(on.json());
      expect(settings.hasProfiling).toBe(true);
      expect(settings.profileAvailableFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((await setProfiling(true)).statusCode).toBe(200);
      const off = profileSettingsSchema.parse((await setProfiling(false)).json());
      expect(off).toMatchObject({ hasProfiling: false, profileAvailableFrom: settings.profileAvailableFrom });

      const audit = await t.request({ url: `/api/v2/audit?operatingSiteId=${siteId}`, cookie: admin });
      const entries = (audit.json() as AuditPage).entries.filter((e) => e.action === 'battery.profilingChanged');
      expect(entries.map((e) => [e.entityId, e.previousValue, e.newValue])).toEqual([
        [serial, { hasProfiling: true }, { hasProfiling: false }],
        [serial, { hasProfiling: false }, { hasProfiling: true }],
      ]);
    });

    it('GET …/settings answers the settings with the site time zone; 404 elsewhere, 403 without cbm_view', async () => {
      const url = (site: number) =>
        `/api/v2/battery/Profile/${encodeURIComponent(serial)}/settings?operatingSiteId=${site}`;
      const response = await t.request({ url: url(siteId), cookie: admin });
      expect(profileSettingsSchema.parse(response.json())).toMatchObject({
        batterySerialNumber: serial,
        hasProfiling: false,
      });
      expect(response.json().timezone).toMatch(/\//);
      expect((await t.request({ url: url(otherSiteId), cookie: admin })).statusCode).toBe(404);
      expect((await t.request({ url: url(siteId), cookie: operator })).statusCode).toBe(403);
    });

    it("answers 400 for a bad body, 404 for another site's battery, 403 without cbm_view", async () => {
      expect((await setProfiling('yes')).statusCode).toBe(400);
      expect((await setProfiling(true, admin, otherSiteId)).statusCode).toBe(404);
      expect((await setProfiling(true, operator)).statusCode).toBe(403);
    });
  });
  describe('GET …/sessions', () => {
    const sessions = (query: string, cookie = admin, battery = serial) =>
      t.request({ url: `/api/v2/battery/Profile/${encodeURIComponent(battery)}/sessions?${query}`, cookie });

    beforeAll(async () => {
      await t.db.query('DELETE FROM charge_session WHERE battery_serial_number = $1', [serial]);
      await t.db.query(
        `INSERT INTO charge_session (battery_serial_number, start_at, end_at, operating_site_id, start_soc, end_soc,
           energy_kwh, charger_serial, is_open)
         VALUES ($1, '2026-03-10T06:00:00Z', '2026-03-10T08:00:00Z', $2, 21.5, 95, 12.3456785, 'CH-1', false),
                ($1, '2026-03-11T22:00:00Z', '2026-03-12T01:00:00Z', $2, 30, 80, 8, NULL, false),
                ($1, '2026-03-20T06:00:00Z', '2026-03-20T07:00:00Z', $2, 40, 60, 2, NULL, true),
                ($1, '2026-03-10T09:00:00Z', '2026-03-10T10:00:00Z', $3, 40, 60, 2, NULL, false)`,
        [serial, siteId, otherSiteId],
      );
    });

    it("lists the site's sessions overlapping the range, newest first, energy to three decimals", async () => {
      const response = await sessions(range(FROM, new Date('2026-03-12T00:00:00Z')));
      expect(response.statusCode).toBe(200);
      const body = chargeSessionsSchema.parse(response.json());
      expect(body.truncated).toBe(false);
      expect(body.sessions).toEqual([
        expect.objectContaining({ startAt: '2026-03-11T22:00:00.000Z', energyKwh: '8.000', chargerSerial: null }),
        {
          startAt: '2026-03-10T06:00:00.000Z',
          endAt: '2026-03-10T08:00:00.000Z',
          startSoc: 21.5,
          endSoc: 95,
          energyKwh: '12.346',
          chargerSerial: 'CH-1',
          open: false,
        },
      ]);
    });

    it("answers 400 for an inverted range, 404 for another site's battery, 403 without cbm_view", async () => {
      expect((await sessions(range(new Date('2026-03-12T00:00:00Z'), FROM))).statusCode).toBe(400);
      expect((await sessions(range(FROM, new Date('2026-03-12T00:00:00Z'), otherSiteId))).statusCode).toBe(404);
      expect((await sessions(range(FROM, new Date('2026-03-12T00:00:00Z')), operator)).statusCode).toBe(403);
    });
  });
});
