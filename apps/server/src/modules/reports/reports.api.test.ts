import { apiErrorSchema } from '@cbm/contracts/errors';
import { REPORT_CSV_COLUMNS, reportDefaultsSchema } from '@cbm/contracts/reports';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { statisticsService } from '../statistics/statistics-service';
import { type ReportSample, reportCsvLine } from './report-csv';
import { reportRepository } from './report-repository';
import { figuresFromRollups } from './report-rollups';
import { generateSamples, pdfText, storeSamples } from './report-test-data';

// Three local days in Europe/Berlin around the end of daylight saving time (25 October 2026 has 25 hours).
const FROM = Date.parse('2026-10-23T22:00:00Z');
const TO = Date.parse('2026-10-26T23:00:00Z');
const GAP_AT = Date.parse('2026-10-25T09:00:00Z');
const SETTINGS = {
  vehicleId: 'Stapler 7',
  userName: 'Jörg Prüfer',
  chargerName: 'Ladegerät Süd',
  language: 'de_DE',
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  pricePerKwh: '0.3125',
} as const;

async function multipart(form: FormData) {
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

describeEachDatabase('battery reports', (kind) => {
  // The machine running the suite may be busy: sign-in hashing and PDF rendering share its cores.
  vi.setConfig({ testTimeout: 120_000 });
  let t: TestApp;
  let admin: string;
  let operator: string;
  let siteId: number;
  let otherSiteId: number;
  let serial: string;
  let samples: ReportSample[];
  const query = (extra: Record<string, string | number> = {}) =>
    new URLSearchParams({
      ...SETTINGS,
      operatingSiteId: String(siteId),
      timestampMin: String(FROM / 1000),
      timestampMax: String(TO / 1000),
      ...Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, String(value)])),
    });
  const get = (path: string, cookie = admin, headers: Record<string, string> = {}) =>
    t.request({ url: `/api/v2/battery/Report${path}`, cookie, headers });
  const fromCsv = async (csv: string, fields: Record<string, string>, cookie = admin, site = siteId) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('cSVFile', new Blob([csv], { type: 'text/csv' }), 'datalog.csv');
    return t.request({
      method: 'POST',
      url: `/api/v2/battery/Report/pdfFromCsv?operatingSiteId=${site}`,
      cookie,
      ...(await multipart(form)),
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    operator = await t.signIn('operator@cbm.demo');
    const [site] = await t.db.query<{ id: number; serial: string }>(
      `SELECT o.id, min(b.serial_number) AS serial FROM operating_site o JOIN site_node n ON n.id = o.id
         JOIN battery b ON b.operating_site_id = o.id WHERE n.name = 'Hamburg Hafen' GROUP BY o.id`,
    );
    [{ id: otherSiteId }] = (await t.db.query<{ id: number }>(
      `SELECT o.id FROM operating_site o JOIN site_node n ON n.id = o.id WHERE n.name = 'Wien Süd'`,
    )) as [{ id: number }];
    ({ id: siteId, serial } = site as { id: number; serial: string });
    samples = generateSamples(serial, FROM, TO, GAP_AT);
    await storeSamples(t.db, siteId, samples);
  }, 900_000);
  afterAll(() => t.close());

  it('lists the batteries of the site and answers the site and battery defaults', async () => {
    const batteries = (await get(`/filter/batteries?operatingSiteId=${siteId}`)).json();
    expect(batteries).toContainEqual({ batterySerialNumber: serial, batteryName: expect.any(String) });
    const site = await get(`/filter/defaults?operatingSiteId=${siteId}`);
    expect(reportDefaultsSchema.parse(site.json())).toEqual({
      currency: 'EUR',
      pricePerKwh: expect.any(Number),
      timezone: 'Europe/Berlin',
      timestampMin: null,
      timestampMax: null,
    });
    const battery = (await get(`/${serial}/defaults?operatingSiteId=${siteId}`)).json();
    expect(battery).toMatchObject({ timestampMin: FROM / 1000, timestampMax: (samples.at(-1)?.ts ?? 0) / 1000 + 1 });
  });

  it('computes exactly the figures of the battery_day and charge_session roll-ups', async () => {
    const settings = { ...SETTINGS, language: 'de_DE' as const, pricePerKwh: 0.3125 };
    const sources = { reports: reportRepository(t.db), statistics: statisticsService(t.db) };
    const period = { fromMs: FROM, toMs: TO };
    const figures = await figuresFromRollups(sources, { siteId, serial, settings, period });
    const days = await t.db.query<Record<string, number | string>>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, energy_charged_kwh::float8 AS charged,
              energy_discharged_kwh::float8 AS discharged, operating_ms::float8 AS operating,
              charging_ms::float8 AS charging, discharging_ms::float8 AS discharging, standby_ms::float8 AS standby,
              offline_ms::float8 AS offline, charge_sessions AS sessions
         FROM battery_day WHERE battery_serial_number = $1 ORDER BY day`,
      [serial],
    );
    const sessions = await t.db.query<{ start_soc: number }>(
      'SELECT start_soc FROM charge_session WHERE battery_serial_number = $1',
      [serial],
    );
    const total = (field: string) => days.reduce((sum, day) => sum + Number(day[field]), 0);
    expect(days.map((day) => day.date)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(figures.days).toEqual(
      days.map((day) => ({
        date: day.date,
        chargedKwh: day.charged,
        dischargedKwh: day.discharged,
        operatingHours: Number(day.operating) / 3_600_000,
        chargingHours: Number(day.charging) / 3_600_000,
      })),
    );
    expect(figures.totals).toMatchObject({
      chargedUkwh: Math.round(total('charged') * 1e6),
      dischargedUkwh: Math.round(total('discharged') * 1e6),
      operatingMs: total('operating'),
      chargingMs: total('charging'),
      dischargingMs: total('discharging'),
      standbyMs: total('standby'),
      // The 40-minute outage drops four samples: one 50-minute interval without data.
      offlineMs: 50 * 60_000,
    });
    expect(figures.chargeSessions).toBe(total('sessions'));
    expect(figures.chargeSessions).toBe(sessions.length);
    const buckets = [20, 40, 60, 80, 101].map(
      (limit, n, limits) => sessions.filter((s) => s.start_soc < limit && s.start_soc >= (limits[n - 1] ?? 0)).length,
    );
    expect(figures.startSocBuckets).toEqual(buckets);
    expect(figures.totals.operatingMs + figures.totals.offlineMs).toBe((73 * 60 - 10) * 60_000);
  });

  it('prints the figures into a German PDF named after serial and period', async () => {
    const response = await get(`/${serial}/pdf?${query()}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="report-${serial}-2026-10-24-2026-10-26.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    const [day] = await t.db.query<{ charged: number }>(
      'SELECT sum(energy_charged_kwh)::float8 AS charged FROM battery_day WHERE battery_serial_number = $1',
      [serial],
    );
    const charged = (day?.charged ?? 0).toLocaleString('de-DE', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
    expect(text).toMatch(new RegExp(`Geladene Energie\\s+${charged.replace('.', '\\.')} kWh`));
    expect(text).toMatch(/Zeitraum\s+24\.10\.2026 00:00 – 27\.10\.2026 00:00/);
    for (const expected of [
      'Batteriebericht',
      'Stapler 7',
      'Jörg Prüfer',
      'Ladegerät Süd',
      'Hamburg Hafen',
      'CO2-Äquivalent',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('gives the datalog as CSV, and a PDF from that CSV shows the same figures', async () => {
    const csv = await get(`/${serial}/csv?${query()}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`report-${serial}-2026-10-24-2026-10-26.csv`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(REPORT_CSV_COLUMNS.join(','));
    expect(lines.slice(1, -1)).toEqual(samples.map((sample) => reportCsvLine(sample).trimEnd()));

    const fields = { ...SETTINGS, timestampMin: String(FROM / 1000), timestampMax: String(TO / 1000) };
    const fromFile = await fromCsv(csv.body, fields);
    expect(fromFile.statusCode).toBe(200);
    const direct = await get(`/${serial}/pdf?${query()}`);
    const withoutSource = (text: string) =>
      text
        .split('\n')
        .filter((line) => !/Erstellt am|Datenquelle/.test(line))
        // Column positions of pdftotext -layout follow the longest line, which the source line changes.
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .join('\n');
    expect(withoutSource(await pdfText(fromFile.rawPayload))).toBe(withoutSource(await pdfText(direct.rawPayload)));

    // Off the hour grid, from the raw samples: the datalog holds the samples around the period.
    const odd = { timestampMin: FROM / 1000 + 17 * 60 + 5, timestampMax: TO / 1000 - 23 * 60 - 7 };
    const oddCsv = await get(`/${serial}/csv?${query(odd)}`);
    const oddLines = oddCsv.body.trimEnd().split('\r\n');
    expect(oddLines[1]?.split(',')[1]).toBe(new Date(FROM + 10 * 60_000).toISOString());
    const oddFields = { ...SETTINGS, timestampMin: String(odd.timestampMin), timestampMax: String(odd.timestampMax) };
    const oddFromFile = await fromCsv(oddCsv.body, oddFields);
    const oddDirect = await get(`/${serial}/pdf?${query(odd)}`);
    expect(oddDirect.statusCode).toBe(200);
    const oddText = withoutSource(await pdfText(oddDirect.rawPayload));
    expect(withoutSource(await pdfText(oddFromFile.rawPayload))).toBe(oddText);
    expect(oddText).not.toBe(withoutSource(await pdfText(direct.rawPayload)));
  });

  it('names the line of a broken upload, in the request language', async () => {
    const broken = `${REPORT_CSV_COLUMNS.join(',')}\r\n${reportCsvLine(samples[0] as ReportSample).replace(',96.5,', ',9x,')}`;
    const response = await fromCsv(broken, SETTINGS);
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({
      code: 'reports.invalidCsv',
      message: 'Line 2: “9x” in column soh is not a number (use a point as decimal separator, e.g. 0.1234).',
    });
    const german = await t.request({
      method: 'POST',
      url: `/api/v2/battery/Report/pdfFromCsv?operatingSiteId=${siteId}`,
      cookie: admin,
      ...(await multipart(Object.assign(new FormData(), {}))),
    });
    expect(german.statusCode).toBe(400);
    expect(german.json().code).toBe('reports.csvMissing');
  });

  it('checks the settings with the validation messages', async () => {
    const response = await get(`/${serial}/pdf?${query({ pricePerKwh: 'cheap', timezone: 'Mars/Base' })}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'querystring.pricePerKwh': ['Value must be a number (e.g.: 0.1234)'],
      'querystring.timezone': ['Choose a time zone from the list (IANA name, e.g. Europe/Berlin)'],
    });
    const period = await get(`/${serial}/pdf?${query({ timestampMax: FROM / 1000 - 60 })}`);
    expect(period.json().errors).toEqual({ 'querystring.timestampMax': ['The end must be after the start'] });
    const german = await get(`/${serial}/pdf?${query({ pricePerKwh: '-1' })}`, admin, { 'accept-language': 'de' });
    expect(german.json().errors).toEqual({ 'querystring.pricePerKwh': ['Der Wert muss über 0 liegen'] });
    const fields = await fromCsv('x', { ...SETTINGS, pricePerKwh: '' });
    expect(fields.json().errors).toEqual({ 'body.pricePerKwh': ['This value is required'] });
  });

  it('answers bad periods, zones and batteries without data as statistics and the export do, in en and de', async () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    const views = async (battery: string, from: number, to: number, zone: string, language: string) => {
      const range = `operatingSiteId=${siteId}&from=${iso(from)}&to=${iso(to)}&timeZone=${encodeURIComponent(zone)}`;
      const headers = { 'accept-language': language };
      const statistics = `/api/v2/Statistics?${range}&type=co2&groupBy=serial&granularity=day&serials=${battery}`;
      const settings = query({ timestampMin: from / 1000, timestampMax: to / 1000, timezone: zone });
      return Promise.all([
        t.request({ url: statistics, cookie: admin, headers }),
        t.request({
          url: `/api/v2/Statistics/export?${range}&resolution=daily&serials=${battery}`,
          cookie: admin,
          headers,
        }),
        get(`/${battery}/pdf?${settings}`, admin, headers),
      ]);
    };
    const messages = (responses: { json(): { errors?: Record<string, string[]>; message: string } }[]) =>
      responses.map((response) => Object.values(response.json().errors ?? {}).flat()[0] ?? response.json().message);
    const future = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000;
    const badInput: [number, number, string, Record<string, string>][] = [
      [
        future,
        future + 86_400_000,
        'Europe/Berlin',
        {
          en: 'The period lies in the future: choose a start before now',
          de: 'Der Zeitraum liegt in der Zukunft: Wählen Sie einen Beginn vor jetzt',
        },
      ],
      [
        TO,
        FROM,
        'Europe/Berlin',
        { en: 'The end must be after the start', de: 'Das Ende muss nach dem Anfang liegen' },
      ],
      [
        FROM,
        TO,
        'Mars/Olympus',
        {
          en: 'Choose a time zone from the list (IANA name, e.g. Europe/Berlin)',
          de: 'Wählen Sie eine Zeitzone aus der Liste (IANA-Name, z. B. Europe/Berlin)',
        },
      ],
    ];
    const [empty] = await t.db.query<{ serial: string }>(
      `SELECT serial_number AS serial FROM battery b WHERE operating_site_id = $1 AND serial_number <> $2
         AND NOT EXISTS (SELECT 1 FROM battery_day d WHERE d.battery_serial_number = b.serial_number)
       ORDER BY serial_number LIMIT 1`,
      [siteId, serial],
    );
    const noData = {
      en: 'No data was found with the selected settings',
      de: 'Mit den gewählten Einstellungen wurden keine Daten gefunden',
    };
    for (const language of ['en', 'de'] as const) {
      for (const [from, to, zone, message] of badInput) {
        const responses = await views(serial, from, to, zone, language);
        expect(
          responses.map((response) => response.statusCode),
          `${language} ${message.en}`,
        ).toEqual([400, 400, 400]);
        expect(new Set(messages(responses))).toEqual(new Set([message[language]]));
      }
      // Before the battery's first sample, and a battery that never sent any: statistics count zeros, the export
      // and the report say so alike.
      for (const [battery, from, to] of [
        [serial, FROM - 30 * 86_400_000, FROM - 20 * 86_400_000],
        [empty?.serial as string, FROM, TO],
      ] as const) {
        const [statistics, exported, report] = await views(battery, from, to, 'Europe/Berlin', language);
        expect(statistics.statusCode).toBe(200);
        expect(statistics.json().series[0].values.co2Kg.every((value: number) => value === 0)).toBe(true);
        expect([exported.statusCode, report.statusCode]).toEqual([404, 404]);
        expect(report.json().message).toBe(exported.json().message);
        expect(report.json().message).toContain(`${noData[language]}: ${battery}`);
      }
    }
    const [, exported] = await views(serial, FROM - 30 * 86_400_000, FROM - 20 * 86_400_000, 'Europe/Berlin', 'en');
    expect(exported.json().message).toBe(
      `No data was found with the selected settings: ${serial} has no figures from 2026-09-24 to 2026-10-03.`,
    );
  });

  it('answers 404 for a battery of another site and keeps other organisations out', async () => {
    const [foreign] = await t.db.query<{ serial_number: string }>(
      'SELECT serial_number FROM battery WHERE operating_site_id = $1 LIMIT 1',
      [otherSiteId],
    );
    expect((await get(`/${foreign?.serial_number}/pdf?${query()}`)).statusCode).toBe(404);
    expect((await get(`/filter/batteries?operatingSiteId=${otherSiteId}`, operator)).statusCode).toBe(403);
    expect((await get(`/filter/batteries?operatingSiteId=${siteId}`, operator)).statusCode).toBe(200);
    expect((await fromCsv('x', SETTINGS, operator, otherSiteId)).statusCode).toBe(403);
  });

  it('needs the Report permission at the site', async () => {
    await t.db.query(
      `DELETE FROM user_site_permission WHERE permission = 'battery.report'
          AND user_id = (SELECT id FROM app_user WHERE email = 'operator@cbm.demo')`,
    );
    const response = await get(`/${serial}/defaults?operatingSiteId=${siteId}`, operator);
    expect(response.statusCode).toBe(403);
  });
});
