import { REPORT_CSV_COLUMNS, reportDefaultsSchema } from '@cbm/contracts/reports';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { statisticsService } from '../statistics/statistics-service';
import { reportCsvLine } from './report-csv';
import { reportRepository } from './report-repository';
import { figuresFromRollups } from './report-rollups';
import { pdfText } from './test/report-test-data';
import { FROM, SETTINGS, TO, useReportTestSite } from './test/report-test-site';

describeEachDatabase('battery reports', (kind) => {
  // The machine running the suite may be busy: sign-in hashing and PDF rendering share its cores.
  vi.setConfig({ testTimeout: 120_000 });
  const reportSite = useReportTestSite(kind);

  it('lists the batteries of the site and answers the site and battery defaults', async () => {
    const { siteId, serial, samples, get } = reportSite;
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
    const { t, siteId, serial } = reportSite;
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
    const { t, serial, query, get } = reportSite;
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
    const { serial, samples, query, get, fromCsv } = reportSite;
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
    // A datalog's PDF lists no stored events (decision 116): compared up to the stored PDF's events page.
    const withoutSource = (text: string) =>
      (text.split('Ereignisse (Zeiten in')[0] ?? '')
        .split('\n')
        .filter((line) => !/Erstellt am|Datenquelle|Seite \d+ von \d+/.test(line))
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

  it('reports a battery that moved away at its former site, from what it stored there', async () => {
    const { t, siteId, otherSiteId, serial, query, get } = reportSite;
    const [before] = await t.db.query<{ group_id: number | null; charger_id: number | null }>(
      'SELECT group_id, charger_id FROM battery WHERE serial_number = $1',
      [serial],
    );
    await t.db.query(
      'UPDATE battery SET operating_site_id = $1, group_id = NULL, charger_id = NULL WHERE serial_number = $2',
      [otherSiteId, serial],
    );
    try {
      const response = await get(`/${serial}/pdf?${query()}`);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(await pdfText(response.rawPayload)).toMatch(/Zeitraum\s+24\.10\.2026 00:00 – 27\.10\.2026 00:00/);
      const never = await get(`/${serial}/pdf?${query({ operatingSiteId: otherSiteId })}`);
      expect(never.statusCode).toBe(404);
    } finally {
      await t.db.query(
        'UPDATE battery SET operating_site_id = $1, group_id = $3, charger_id = $4 WHERE serial_number = $2',
        [siteId, serial, before?.group_id ?? null, before?.charger_id ?? null],
      );
    }
  });

  // Last: it deletes the battery's raw samples, as retention would after SAMPLE_RETENTION_MONTHS.
  it('answers a period off the hour grid from the roll-ups when the raw samples are gone, naming its hours', async () => {
    const { t, siteId, serial, query, get } = reportSite;
    await t.db.query('DELETE FROM battery_sample WHERE serial_number = $1', [serial]);
    const odd = { timestampMin: FROM / 1000 + 17 * 60 + 5, timestampMax: TO / 1000 - 23 * 60 - 7 };
    const response = await get(`/${serial}/pdf?${query(odd)}`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toMatch(/Zeitraum\s+24\.10\.2026 01:00 – 26\.10\.2026 23:00/);
    expect(text).toMatch(/Angefragter Zeitraum\s+24\.10\.2026 00:17 – 26\.10\.2026 23:36/);
    const [rollups] = await t.db.query<{ charged: number }>(
      `SELECT sum(energy_charged_kwh)::float8 AS charged FROM battery_hour
        WHERE battery_serial_number = $1 AND operating_site_id = $2 AND hour >= $3 AND hour < $4`,
      [serial, siteId, new Date(FROM + 3_600_000).toISOString(), new Date(TO - 3_600_000).toISOString()],
    );
    const charged = (rollups?.charged ?? 0).toLocaleString('de-DE', {
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
    });
    expect(text).toMatch(new RegExp(`Geladene Energie\\s+${charged.replace('.', '\\.')} kWh`));
  });
});
