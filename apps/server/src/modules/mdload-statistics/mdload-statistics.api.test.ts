import {
  mdloadAvailableTimeSchema,
  mdloadConsumptionSchema,
  mdloadPowerSchema,
  mdloadStartSocSchema,
} from '@cbm/contracts/mdload-statistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { DOCS_PREFIX } from '../../plugins/openapi';
import { preparePartitions } from '../device-ingestion/device-history';

const BASE = '/api/v2/mdload/MdLoadStatistic';

const SAMPLE_START = Date.parse('2026-11-19T22:00:00Z');
const QUARTER = 15 * 60_000;
/** 17 samples of MDL-0001 every 15 min from 23:00 Berlin on 19 Nov: 1 kWh each, 4 kW but 9 kW at 00:15. */
const samples = Array.from({ length: 17 }, (_, k) => ({
  ts: new Date(SAMPLE_START + k * QUARTER).toISOString(),
  power: k === 5 ? 9 : 4,
  total: 100 + k,
}));
const BERLIN_RANGE = 'startTime=2026-11-19T00:00:00%2B01:00&endTime=2026-11-21T00:00:00%2B01:00';
/** Numbers with more decimals than the figures are rounded to: floating-point noise in the JSON text. */
const NOISE = /\d\.\d{4,}/;

describeEachDatabase('charger-station statistics', (kind) => {
  let t: TestApp;
  let admin: string;
  let hamburg: number;
  let price: number;
  const get = (url: string, cookie = admin, language = 'en') =>
    t.request({ url, cookie, headers: { 'accept-language': language } });
  const ok = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const query = (zone = 'Europe/Berlin', range = BERLIN_RANGE) =>
    `operatingSiteId=${hamburg}&timeZone=${encodeURIComponent(zone)}&${range}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    hamburg = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
    await preparePartitions(t.db, [new Date('2026-11-20T00:00:00Z')]);
    await t.db.query(
      `INSERT INTO mdload_sample (mdload_serial, ts, seq, operating_site_id, power_kw, total_energy_kwh, stations)
       SELECT 'MDL-0001', x.ts, x.seq, $1, x.power, x.total, '[]'::jsonb
         FROM json_to_recordset($2::json) AS x(ts timestamptz, seq bigint, power float8, total float8)`,
      [hamburg, JSON.stringify(samples.map((sample, seq) => ({ ...sample, seq })))],
    );
    const chargers = await t.db.query<{ serial_number: string; assigned: boolean }>(
      `SELECT c.serial_number, EXISTS (SELECT 1 FROM charging_station s WHERE s.charger_id = c.id) AS assigned
         FROM charger c WHERE c.operating_site_id = $1 ORDER BY c.serial_number`,
      [hamburg],
    );
    const assigned = chargers.find((charger) => charger.assigned)?.serial_number;
    const free = chargers.find((charger) => !charger.assigned)?.serial_number;
    // Energies whose float sum is noisy (41.411722000000004) and one exact half (8.7275).
    const sessions = [
      ['2026-11-20T01:00:00Z', 10, assigned, 12.345678],
      ['2026-11-20T02:00:00Z', 35, assigned, 8.7275],
      ['2026-11-20T03:00:00Z', 39.9, assigned, 20.338544],
      ['2026-11-20T04:00:00Z', 95, assigned, 3.5],
      ['2026-11-20T05:00:00Z', 50, free, 7],
      ['2026-11-10T05:00:00Z', 50, assigned, 5],
    ];
    await t.db.query(
      `INSERT INTO charge_session (battery_serial_number, start_at, end_at, operating_site_id, start_soc, end_soc,
         energy_kwh, charger_serial, is_open)
       SELECT (SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number LIMIT 1),
              x.start_at, x.start_at + interval '30 minutes', $1, x.soc, 90, x.kwh::numeric, x.charger, false
         FROM json_to_recordset($2::json) AS x(start_at timestamptz, soc float8, charger text, kwh text)`,
      [
        hamburg,
        JSON.stringify(sessions.map(([start_at, soc, charger, kwh]) => ({ start_at, soc, charger, kwh: String(kwh) }))),
      ],
    );
    const [site] = await t.db.query<{ price: number }>(
      'SELECT price_per_kwh::float8 AS price FROM operating_site WHERE id = $1',
      [hamburg],
    );
    price = site?.price ?? 0;
  }, 300_000);
  afterAll(() => t.close());

  it('GET …/availableTime gives the first and last data time in unix seconds', async () => {
    const available = mdloadAvailableTimeSchema.parse(await ok(`${BASE}/availableTime?operatingSiteId=${hamburg}`));
    expect(available).toEqual({
      minStartTime: Date.parse('2026-11-10T05:00:00Z') / 1000,
      maxEndTime: Date.parse('2026-11-20T04:00:00Z') / 1000,
    });
    const linz = (await siteNodeIds(t, admin))['Linz Hafen'];
    expect(await ok(`${BASE}/availableTime?operatingSiteId=${linz}`)).toEqual({ minStartTime: null, maxEndTime: null });
  });

  describe('GET …/consumption', () => {
    it('books the energy of the stations’ sessions on the local day they start, exact and rounded half-up', async () => {
      const response = await get(`${BASE}/consumption?${query()}`);
      expect(response.body).not.toMatch(NOISE);
      const consumption = mdloadConsumptionSchema.parse(response.json());
      expect(consumption.units).toEqual([{ mdLoadSerial: 'MDL-0001', name: 'Load manager 1' }]);
      expect(consumption.days).toEqual([
        { date: '2026-11-20', totalKwh: 44.912, units: [{ mdLoadSerial: 'MDL-0001', kwh: 44.912 }] },
      ]);
      expect(consumption.summary).toEqual({
        totalKwh: 44.912,
        peakPowerKw: 9,
        peakAt: '2026-11-19T23:15:00.000Z',
        pricePerKwh: price,
        currency: 'EUR',
        cost: Math.round(44.911722 * price * 100) / 100,
      });
    });

    it('equals the sum of its sessions’ energy, and adjacent ranges add up', async () => {
      const total = async (from: string, to: string) =>
        mdloadConsumptionSchema.parse(
          await ok(`${BASE}/consumption?${query('UTC', `startTime=${from}&endTime=${to}`)}`),
        ).summary.totalKwh;
      const [sessions] = await t.db.query<{ kwh: string }>(
        `SELECT round(sum(cs.energy_kwh), 3)::text AS kwh FROM charge_session cs
           JOIN charger c ON c.serial_number = cs.charger_serial JOIN charging_station s ON s.charger_id = c.id
          WHERE cs.operating_site_id = $1 AND cs.start_at >= '2026-11-20T01:00Z' AND cs.start_at < '2026-11-20T05:00Z'`,
        [hamburg],
      );
      const whole = await total('2026-11-20T01:00:00Z', '2026-11-20T05:00:00Z');
      expect(whole).toBe(Number(sessions?.kwh));
      // The session at 03:00 belongs to the second half only.
      expect([
        await total('2026-11-20T01:00:00Z', '2026-11-20T03:00:00Z'),
        await total('2026-11-20T03:00:00Z', '2026-11-20T05:00:00Z'),
      ]).toEqual([21.073, 23.839]);
      expect(21.073 + 23.839).toBe(whole);
    });

    it('counts days in the requested time zone', async () => {
      const stJohns = mdloadConsumptionSchema.parse(
        await ok(
          `${BASE}/consumption?${query('America/St_Johns', 'startTime=2026-11-19T00:00:00Z&endTime=2026-11-21T00:00:00Z')}`,
        ),
      );
      expect(stJohns.days.map((day) => [day.date, day.totalKwh])).toEqual([
        ['2026-11-19', 41.412],
        ['2026-11-20', 3.5],
      ]);
    });

    it('answers empty days and a zero summary outside the data, and no peak on a day without power', async () => {
      const empty = mdloadConsumptionSchema.parse(
        await ok(
          `${BASE}/consumption?${query('Europe/Berlin', 'startTime=2026-10-01T00:00:00Z&endTime=2026-10-02T00:00:00Z')}`,
        ),
      );
      expect(empty.days).toEqual([]);
      expect(empty.summary).toMatchObject({ totalKwh: 0, peakPowerKw: null, peakAt: null, cost: 0 });
      await t.db.query(
        `INSERT INTO mdload_sample (mdload_serial, ts, seq, operating_site_id, power_kw, total_energy_kwh, stations)
         VALUES ('MDL-0001', '2026-11-18T10:00Z', 100, $1, 0, 99, '[]'), ('MDL-0001', '2026-11-18T10:10Z', 101, $1, 0, 99, '[]')`,
        [hamburg],
      );
      const idle = mdloadConsumptionSchema.parse(
        await ok(`${BASE}/consumption?${query('UTC', 'startTime=2026-11-18T00:00:00Z&endTime=2026-11-19T00:00:00Z')}`),
      );
      expect(idle.summary).toMatchObject({ totalKwh: 0, peakPowerKw: null, peakAt: null });
      await t.db.query("DELETE FROM mdload_sample WHERE ts < '2026-11-19'");
    });
  });

  it('GET …/power gives average and highest power per local hour up to 7 days, per day beyond', async () => {
    const power = mdloadPowerSchema.parse(await ok(`${BASE}/power?${query()}`));
    expect(power.resolution).toBe('hour');
    const points = power.units[0]?.points ?? [];
    expect(points.slice(0, 2)).toEqual([
      { time: Date.parse('2026-11-19T22:00:00Z') / 1000, avgPowerKw: 4, maxPowerKw: 4 },
      { time: Date.parse('2026-11-19T23:00:00Z') / 1000, avgPowerKw: 5.25, maxPowerKw: 9 },
    ]);
    const month = mdloadPowerSchema.parse(
      await ok(`${BASE}/power?${query('Europe/Berlin', 'startTime=2026-11-01T00:00:00%2B01:00')}`),
    );
    expect(month.resolution).toBe('day');
    expect(month.units[0]?.points.map((point) => point.time)).toEqual([
      Date.parse('2026-11-18T23:00:00Z') / 1000,
      Date.parse('2026-11-19T23:00:00Z') / 1000,
    ]);
  });

  it('counts in the site’s own zone when the call names none (a London site), as the OpenAPI document says', async () => {
    const [site] = await t.db.query<{ timezone: string }>('SELECT timezone FROM operating_site WHERE id = $1', [
      hamburg,
    ]);
    await t.db.query(`UPDATE operating_site SET timezone = 'Europe/London' WHERE id = $1`, [hamburg]);
    // 23:30 UTC on 25 November: that day in London, the 26th in Berlin.
    await t.db.query(
      `INSERT INTO charge_session (battery_serial_number, start_at, end_at, operating_site_id, start_soc, end_soc,
         energy_kwh, charger_serial, is_open)
       SELECT battery_serial_number, '2026-11-25T23:30Z', '2026-11-26T00:10Z', operating_site_id, 30, 90, 2.5,
              charger_serial, false
         FROM charge_session WHERE operating_site_id = $1 AND start_at = '2026-11-20T04:00Z'`,
      [hamburg],
    );
    try {
      const range = 'startTime=2026-11-25T00:00:00Z&endTime=2026-11-27T00:00:00Z';
      const days = async (zone: string) =>
        mdloadConsumptionSchema
          .parse(await ok(`${BASE}/consumption?operatingSiteId=${hamburg}${zone}&${range}`))
          .days.map((day) => [day.date, day.totalKwh]);
      expect(await days('')).toEqual([['2026-11-25', 2.5]]);
      expect(await days('&timeZone=Europe%2FBerlin')).toEqual([['2026-11-26', 2.5]]);
      const power = mdloadPowerSchema.parse(
        await ok(`${BASE}/power?operatingSiteId=${hamburg}&startTime=2026-11-01T00:00:00Z`),
      );
      expect(power.units[0]?.points.map((point) => new Date(point.time * 1000).toISOString())).toEqual([
        '2026-11-19T00:00:00.000Z',
        '2026-11-20T00:00:00.000Z',
      ]);
      expect((await get(`${BASE}/startsoc?operatingSiteId=${hamburg}`)).statusCode).toBe(200);
    } finally {
      await t.db.query(`DELETE FROM charge_session WHERE operating_site_id = $1 AND start_at = '2026-11-25T23:30Z'`, [
        hamburg,
      ]);
      await t.db.query('UPDATE operating_site SET timezone = $2 WHERE id = $1', [hamburg, site?.timezone]);
    }
    const document = (await t.request({ url: `${DOCS_PREFIX}/json` })).json() as {
      paths: Record<string, { get: { parameters: { name: string; required?: boolean }[] } }>;
    };
    for (const path of ['consumption', 'power', 'startsoc']) {
      const parameters = document.paths[`${BASE}/${path}`]?.get.parameters ?? [];
      expect(
        parameters.find((parameter) => parameter.name === 'timeZone'),
        path,
      ).toMatchObject({ required: false });
    }
  });

  it('GET …/startsoc counts the sessions on the stations’ chargers per 20 % bucket', async () => {
    const startSoc = mdloadStartSocSchema.parse(await ok(`${BASE}/startsoc?${query()}`));
    expect(startSoc.sessions).toBe(4);
    expect(startSoc.buckets).toEqual([
      { bucket: 'lt20', count: 1 },
      { bucket: 'lt40', count: 2 },
      { bucket: 'lt60', count: 0 },
      { bucket: 'lt80', count: 0 },
      { bucket: 'le100', count: 1 },
    ]);
    expect(startSoc.stations).toHaveLength(1);
    expect(startSoc.stations[0]?.buckets).toEqual(startSoc.buckets);
  });
});
