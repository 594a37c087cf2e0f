import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { figureTexts, jsonDecimal, startSocFigures } from '../statistics/test/statistics-reference';
import { addDays, datesOf, midnight, periodOf } from './test/cross-view-calendar';
import { co2, hours, kwh, reportFigures, type Totals } from './test/cross-view-figures';
import { storeFleet, WINDOWS } from './test/cross-view-fleet';
import { type ReferenceSession, referenceDays, referenceSessions } from './test/cross-view-reference';
import { pdfText } from './test/report-test-data';

/**
 * Issue 21: for every battery and period of a generated fleet, statistics = export = PDF report = datalog
 * CSV = PDF from that CSV = an independent recompute from the raw samples (cross-view-reference.ts).
 */
const SITES = [
  { name: 'Hamburg Hafen', timeZone: 'Europe/Berlin' },
  { name: 'Wien Süd', timeZone: 'Europe/London' },
  { name: 'Stuttgart Hafen', timeZone: 'America/New_York' },
];
const ZONES = SITES.map((site) => site.timeZone);
/** Statistics and the export also count in a zone whose days start at :15 UTC, from quarter parts (decision 033). */
const STATISTICS_ZONES = [...ZONES, 'Asia/Kathmandu'];
const GRANULARITIES = ['day', 'week', 'month'] as const;
const RESOLUTION = { day: 'daily', week: 'weekly', month: 'monthly' } as const;
const PRICE = '0.3125';
const START_SOC_METRICS = Object.keys(startSocFigures([]));

describeEachDatabase('numbers that agree across every view', (kind) => {
  vi.setConfig({ testTimeout: 180_000 });
  let t: TestApp;
  let admin: string;
  const fleet: { siteId: number; timeZone: string; serials: string[] }[] = [];
  const days = new Map<string, Totals>();
  const sessions = new Map<string, ReferenceSession[]>();
  const counted = { statistics: 0, export: 0, pdf: 0, csvPdf: 0, datalog: 0 };

  const totals = (zone: string, serial: string, dates: string[]): Totals => {
    const sum: Totals = {
      chargedUkwh: 0,
      dischargedUkwh: 0,
      operatingMs: 0,
      chargingMs: 0,
      dischargingMs: 0,
      standbyMs: 0,
      idleMs: 0,
      errorMs: 0,
      offlineMs: 0,
      lowSocMs: 0,
    };
    for (const date of dates) {
      const day = days.get(`${zone}|${serial}|${date}`);
      if (!day) continue;
      for (const key of Object.keys(sum) as (keyof Totals)[]) sum[key] += day[key];
    }
    return sum;
  };
  const sessionsIn = (zone: string, serial: string, test: (session: ReferenceSession) => boolean) =>
    (sessions.get(zone) ?? []).filter((session) => session.serial === serial && test(session));

  beforeAll(async () => {
    const started = Date.now();
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    const ids = await siteNodeIds(t, admin);
    for (const site of SITES) {
      const siteId = ids[site.name] as number;
      const rows = await t.db.query<{ serial: string }>(
        'SELECT serial_number AS serial FROM battery WHERE operating_site_id = $1 ORDER BY serial_number LIMIT 2',
        [siteId],
      );
      fleet.push({ siteId, timeZone: site.timeZone, serials: rows.map((row) => row.serial) });
    }
    const seeded = Date.now();
    await storeFleet(t.db, fleet);
    const stored = Date.now();
    const serials = fleet.flatMap((site) => site.serials);
    for (const zone of STATISTICS_ZONES) {
      for (const day of await referenceDays(t.db, serials, zone, WINDOWS.flatMap(datesOf))) {
        days.set(`${zone}|${day.serial}|${day.date}`, day);
      }
      sessions.set(zone, await referenceSessions(t.db, serials, zone));
    }
    const times = `seeded ${seeded - started} ms, fleet stored ${stored - seeded} ms, recomputed ${Date.now() - stored} ms`;
    console.info(`cross-view [${kind}]: ${times}`);
  }, 600_000);
  afterAll(async () => {
    const total = Object.values(counted).reduce((a, b) => a + b, 0);
    console.info(`cross-view [${kind}]: ${total} figures compared`, counted);
    await t.close();
  });

  const rangeQuery = (siteId: number, zone: string, [first, last]: [string, string]) =>
    `operatingSiteId=${siteId}&timeZone=${encodeURIComponent(zone)}` +
    `&from=${new Date(midnight(first, zone)).toISOString()}&to=${new Date(midnight(addDays(last, 1), zone)).toISOString()}`;

  it('statistics equal the recompute for every battery, period, zone and figure', async () => {
    for (const { siteId, serials } of fleet) {
      for (const zone of STATISTICS_ZONES) {
        for (const window of WINDOWS) {
          for (const granularity of GRANULARITIES) {
            const base = `/api/v2/Statistics?${rangeQuery(siteId, zone, window)}&groupBy=serial&granularity=${granularity}&serials=${serials.join(',')}`;
            // Figures as the JSON text writes them: a double's noise or unrounded hours would show.
            const answers = new Map<string, Record<string, string[]>>();
            const dates = datesOf(window);
            const periods = [...new Set(dates.map((date) => periodOf(date, granularity)))];
            for (const type of ['totalenergy', 'co2', 'availability', 'startsoc']) {
              const response = await t.request({ url: `${base}&type=${type}`, cookie: admin });
              expect(response.statusCode, response.body).toBe(200);
              // Periods are named by their first day inside the range.
              expect(response.json().periods).toEqual(periods.map((p) => (p < window[0] ? window[0] : p)));
              for (const [key, values] of figureTexts(response.body)) answers.set(`${type}|${key}`, values);
            }
            for (const serial of serials) {
              periods.forEach((period, n) => {
                const inPeriod = dates.filter((date) => periodOf(date, granularity) === period);
                const sum = totals(zone, serial, inPeriod);
                const socs = sessionsIn(zone, serial, (s) => inPeriod.includes(s.date)).map((s) => s.soc);
                const at = (type: string, metric: string) => answers.get(`${type}|${serial}`)?.[metric]?.[n];
                const actual = [
                  at('totalenergy', 'chargedKwh'),
                  at('totalenergy', 'dischargedKwh'),
                  at('co2', 'co2Kg'),
                  at('availability', 'lowSocHours'),
                  at('availability', 'availableHours'),
                  ...START_SOC_METRICS.map((m) => at('startsoc', m)),
                ];
                const expected = [
                  jsonDecimal(kwh(sum.chargedUkwh, 6)),
                  jsonDecimal(kwh(sum.dischargedUkwh, 6)),
                  jsonDecimal(co2(sum.chargedUkwh, 9)),
                  jsonDecimal(hours(sum.lowSocMs, 2)),
                  jsonDecimal(hours(sum.operatingMs - sum.lowSocMs, 2)),
                  ...Object.values(startSocFigures(socs)),
                ];
                expect(actual, `${serial} ${zone} ${granularity} ${period}`).toEqual(expected);
                counted.statistics += expected.length;
              });
            }
          }
        }
      }
    }
  });

  /** Days of the month that `period` (YYYY-MM-01) starts. */
  const daysInMonth = (period: string) =>
    new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 0)).getUTCDate();

  it('the export equals the recompute, weeks and partial months labelled with their days inside the range', async () => {
    for (const { siteId, serials } of fleet) {
      for (const zone of STATISTICS_ZONES) {
        for (const window of WINDOWS) {
          for (const granularity of GRANULARITIES) {
            const url = `/api/v2/Statistics/export?${rangeQuery(siteId, zone, window)}&resolution=${RESOLUTION[granularity]}&serials=all`;
            const response = await t.request({ url, cookie: admin, headers: { 'accept-language': 'en' } });
            expect(response.statusCode, response.body).toBe(200);
            const [, ...rows] = parse(response.body.slice(1)) as string[][];
            const dates = datesOf(window);
            const want: string[][] = [];
            for (const serial of [...serials].sort()) {
              for (const period of [...new Set(dates.map((date) => periodOf(date, granularity)))]) {
                const inPeriod = dates.filter((date) => periodOf(date, granularity) === period);
                const sum = totals(zone, serial, inPeriod);
                const label = (date: string) => `${date.slice(5, 7)}-${date.slice(8, 10)}-${date.slice(0, 4)}`;
                const name =
                  granularity === 'day'
                    ? label(period)
                    : granularity === 'week'
                      ? `${label(inPeriod[0] as string)} – ${label(inPeriod.at(-1) as string)}`
                      : inPeriod.length === daysInMonth(period)
                        ? `${period.slice(5, 7)}-${period.slice(0, 4)}`
                        : `${label(inPeriod[0] as string)} – ${label(inPeriod.at(-1) as string)}`;
                want.push([
                  serial,
                  name,
                  hours(sum.operatingMs, 2),
                  kwh(sum.chargedUkwh, 3),
                  kwh(sum.dischargedUkwh, 3),
                  co2(sum.chargedUkwh, 3),
                ]);
              }
            }
            const own = rows.filter((row) => serials.includes(row[0] as string));
            expect(
              own.map((row) => [row[0], ...row.slice(3)]),
              `${zone} ${granularity} ${window}`,
            ).toEqual(want);
            counted.export += want.length * 4;
          }
        }
      }
    }
  });

  it('PDF report, datalog CSV and PDF from that CSV equal the recompute', async () => {
    for (const { siteId, timeZone, serials } of fleet) {
      const foreign = ZONES.find((zone) => zone !== timeZone) as string;
      const periods: [string, [string, string]][] = [
        ...WINDOWS.map((window): [string, [string, string]] => [timeZone, window]),
        [timeZone, ['2026-10-25', '2026-10-25']],
        [timeZone, ['2026-03-29', '2026-03-29']],
        [foreign, WINDOWS[3] as [string, string]],
      ];
      for (const serial of serials) {
        for (const [zone, window] of periods) {
          const fromMs = midnight(window[0], zone);
          const toMs = midnight(addDays(window[1], 1), zone);
          const settings = { language: 'en_US', timezone: zone, currency: 'EUR', pricePerKwh: PRICE };
          const query = new URLSearchParams({
            ...settings,
            operatingSiteId: String(siteId),
            timestampMin: String(fromMs / 1000),
            timestampMax: String(toMs / 1000),
          });
          const sum = totals(zone, serial, datesOf(window));
          const socs = sessionsIn(zone, serial, (s) => s.ts >= fromMs && s.ts < toMs).map((s) => s.soc);
          const expected = reportFigures(sum, socs, PRICE);
          const pdf = await t.request({ url: `/api/v2/battery/Report/${serial}/pdf?${query}`, cookie: admin });
          expect(pdf.statusCode, pdf.body).toBe(200);
          expect(readReport(await pdfText(pdf.rawPayload)), `${serial} ${zone} ${window}`).toEqual(expected);
          counted.pdf += Object.keys(expected).length;

          const csv = await t.request({ url: `/api/v2/battery/Report/${serial}/csv?${query}`, cookie: admin });
          expect(csv.statusCode).toBe(200);
          const [stored] = await t.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM battery_sample WHERE serial_number = $1
               AND ts >= (SELECT max(ts) FROM battery_sample WHERE serial_number = $1 AND ts < $2)
               AND ts <= (SELECT min(ts) FROM battery_sample WHERE serial_number = $1 AND ts >= $3)`,
            [serial, new Date(fromMs).toISOString(), new Date(toMs).toISOString()],
          );
          expect(csv.body.trimEnd().split('\r\n').length - 1).toBe(stored?.n);
          counted.datalog += 1;

          const form = new FormData();
          for (const [name, value] of Object.entries({
            ...settings,
            timestampMin: String(fromMs / 1000),
            timestampMax: String(toMs / 1000),
          })) {
            form.append(name, value);
          }
          form.append('cSVFile', new Blob([csv.body], { type: 'text/csv' }), 'datalog.csv');
          const body = new Response(form);
          const fromCsv = await t.request({
            method: 'POST',
            url: `/api/v2/battery/Report/pdfFromCsv?operatingSiteId=${siteId}`,
            cookie: admin,
            payload: Buffer.from(await body.arrayBuffer()),
            headers: { 'content-type': body.headers.get('content-type') ?? '' },
          });
          expect(fromCsv.statusCode, fromCsv.body).toBe(200);
          expect(readReport(await pdfText(fromCsv.rawPayload)), `CSV ${serial} ${zone} ${window}`).toEqual(expected);
          counted.csvPdf += Object.keys(expected).length;
        }
      }
    }
    const total = Object.values(counted).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(10_000);
    // 42 PDFs, datalogs and PDFs from them: on the shared 2-core machine under load they took over 180 s.
  }, 600_000);
});

const LINES: Record<string, RegExp> = {
  charged: /^\s*Energy charged\s+([\d,.]+) kWh/m,
  discharged: /^\s*Energy discharged\s+([\d,.]+) kWh/m,
  cost: /^\s*Energy cost\s+€([\d,.]+)/m,
  co2: /^\s*CO2 equivalent\s+([\d,.]+) kg/m,
  sessions: /^\s*Number of charging sessions\s+(\d+)/m,
  operating: /^\s*Operating\s+([\d,.]+) h/m,
  charging: /^\s*Charging\s+([\d,.]+) h/m,
  discharging: /^\s*Discharging\s+([\d,.]+) h/m,
  standby: /^\s*Standby\s+([\d,.]+) h/m,
  idle: /^\s*Idle\s+([\d,.]+) h/m,
  error: /^\s*Error\s+([\d,.]+) h/m,
  offline: /^\s*No data \(offline\)\s+([\d,.]+) h/m,
};

/** The figures as the English PDF prints them, read back from pdftotext's layout. */
function readReport(text: string): Record<string, string> {
  const figures: Record<string, string> = {};
  for (const [name, pattern] of Object.entries(LINES))
    figures[name] = (pattern.exec(text)?.[1] ?? '?').replaceAll(',', '');
  const bucketCounts = [...text.matchAll(/(?<!\d)(\d+)–(\d+) %\s+(\d+)/g)].map((match) => match[3]);
  bucketCounts.forEach((count, n) => {
    figures[`bucket${n}`] = count ?? '?';
  });
  return figures;
}
