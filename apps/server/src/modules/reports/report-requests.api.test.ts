import { apiErrorSchema } from '@cbm/contracts/errors';
import { REPORT_CSV_COLUMNS } from '@cbm/contracts/reports';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { type ReportSample, reportCsvLine } from './report-csv';
import { FROM, multipart, SETTINGS, TO, useReportTestSite } from './test/report-test-site';

describeEachDatabase('battery report requests: validation, errors that agree with the other views, access', (kind) => {
  vi.setConfig({ testTimeout: 120_000 });
  const reportSite = useReportTestSite(kind);

  it('names the line of a broken upload, in the request language', async () => {
    const { t, admin, siteId, samples, fromCsv } = reportSite;
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
    const { admin, serial, query, get, fromCsv } = reportSite;
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
    const { t, admin, siteId, serial, query, get } = reportSite;
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
    const { t, operator, siteId, otherSiteId, query, get, fromCsv } = reportSite;
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
    const { t, operator, siteId, serial, get } = reportSite;
    const [user] = await t.db.query<{ id: number }>(
      `DELETE FROM user_site_permission WHERE permission = 'battery.report'
          AND user_id = (SELECT id FROM app_user WHERE email = 'operator@cbm.demo') RETURNING user_id AS id`,
    );
    // Changed behind the product's back: what the People page's change does to this process (decision 070).
    t.app.forgetUserSessions(user?.id as number);
    const response = await get(`/${serial}/defaults?operatingSiteId=${siteId}`, operator);
    expect(response.statusCode).toBe(403);
  });
});
