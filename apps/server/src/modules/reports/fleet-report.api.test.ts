import type { CareResponse } from '@cbm/contracts/battery-care';
import type { ReplacementPlan } from '@cbm/contracts/battery-lifecycle';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { careSamples } from '../battery-care/test/care-test-data';
import { FLEET_REPORT_WORST_CARE } from './fleet-lifecycle';
import { reportFormat } from './report-format';
import { localPeriod } from './report-local-date';
import { pdfText, storeSamples } from './test/report-test-data';
import { FROM, TO, useReportTestSite } from './test/report-test-site';

const DAY = 86_400_000;
/** The layout line of the PDF's text that names `start`; the figures follow it in columns. */
const lineOf = (text: string, start: string) => text.split('\n').find((line) => line.includes(start)) ?? '';
/** A regular expression of the cells in order, any spaces between them, to the end of the line. */
const cells = (...values: string[]) =>
  new RegExp(`${values.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+')}\\s*$`);

describeEachDatabase('fleet report on demand', (kind) => {
  // Sign-in hashing and PDF rendering share the machine's cores with the rest of the suite.
  vi.setConfig({ testTimeout: 120_000 });
  const reportSite = useReportTestSite(kind);
  const fleetPdf = (query: Record<string, string | number>, cookie = reportSite.admin, language = 'en') => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, `${value}`]),
    );
    return reportSite.t.request({
      url: `/api/v2/battery/FleetReport/pdf?${search}`,
      cookie,
      headers: { 'accept-language': language },
    });
  };

  it("answers the site's fleet PDF of the local dates, in the request's language, named by site and dates", async () => {
    const { siteId, serial } = reportSite;
    const period = { operatingSiteId: siteId, firstDate: '2026-10-24', lastDate: '2026-10-26' };
    for (const [language, title] of [
      ['en', 'Fleet report'],
      ['de', 'Flottenbericht'],
    ] as const) {
      const response = await fleetPdf(period, reportSite.admin, language);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="fleet-report-Hamburg_Hafen-2026-10-24-2026-10-26.pdf"',
      );
      const text = await pdfText(response.rawPayload);
      expect(text).toContain(`${title} Hamburg Hafen`);
      expect(text).toContain(serial);
      expect(text).toContain('Europe/Berlin');
    }
  });

  it('refuses a period that is reversed, too long, in the future or no date, naming the field', async () => {
    const { siteId } = reportSite;
    const cases: [Record<string, string>, string, string][] = [
      [{ firstDate: '2026-10-26', lastDate: '2026-10-24' }, 'lastDate', 'The end must be after the start'],
      [{ firstDate: '2025-01-01', lastDate: '2026-01-03' }, 'lastDate', 'Choose a period of at most 367 days'],
      [{ firstDate: '2199-01-01', lastDate: '2199-01-02' }, 'firstDate', 'The period lies in the future'],
      [{ firstDate: '2026-02-30', lastDate: '2026-03-02' }, 'firstDate', ''],
      [{ lastDate: '2026-03-02' }, 'firstDate', ''],
    ];
    for (const [dates, field, message] of cases) {
      const response = await fleetPdf({ operatingSiteId: siteId, ...dates });
      expect(response.statusCode, JSON.stringify(dates)).toBe(400);
      const body = response.json<{ code: string; errors: Record<string, string[]> }>();
      expect(body.code).toBe('request.invalid');
      expect(body.errors[`querystring.${field}`]?.join(' ')).toContain(message);
    }
  });

  it('keeps sites of other organisations out and needs the report feature', async () => {
    const { otherSiteId, operator, siteId } = reportSite;
    const dates = { firstDate: '2026-10-24', lastDate: '2026-10-26' };
    expect((await fleetPdf({ operatingSiteId: otherSiteId, ...dates }, operator)).statusCode).toBe(403);
    expect((await fleetPdf({ operatingSiteId: 999_999, ...dates })).statusCode).toBe(404);
    expect((await fleetPdf({ operatingSiteId: siteId, ...dates }, '')).statusCode).toBe(401);
  });

  it('has a lifecycle section: the replacement plan with its cost and the worst care scores, as the Battery care API answers them, in en and de', async () => {
    const { t, admin, siteId, serial } = reportSite;
    const settings = await t.request({ url: `/api/v2/OsAdmin?operatingSiteId=${siteId}`, cookie: admin });
    const saved = await t.request({
      method: 'POST',
      url: `/api/v2/OsAdmin?operatingSiteId=${siteId}`,
      cookie: admin,
      payload: { ...(settings.json() as object), operatingSiteId: undefined, batteryPricePerKwh: 312.5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const others = await t.db.query<{ serial: string }>(
      `SELECT serial_number AS serial FROM battery WHERE operating_site_id = $1 AND serial_number <> $2
        ORDER BY serial_number LIMIT 2`,
      [siteId, serial],
    );
    const [due, hot] = others.map((row) => row.serial) as [string, string];
    // Due by its months limit in four months; hot cells and a deep discharge or two in the report's days.
    const inFourMonths = new Date(Date.now() + 122 * DAY).toISOString().slice(0, 10);
    await t.db.query(
      `UPDATE battery SET production_date = ($2::date - interval '60 months')::date, operating_limit_months = 60,
         nominal_energy_kwh = 24.6 WHERE serial_number = $1`,
      [due, inFourMonths],
    );
    await storeSamples(t.db, siteId, careSamples(hot, FROM, TO, 7, { baseCelsius: 39, parkings: [] }));

    const dates = { firstDate: '2026-10-24', lastDate: '2026-10-26' };
    const period = localPeriod(dates.firstDate, dates.lastDate, 'Europe/Berlin');
    const api = (url: string) => t.request({ url, cookie: admin }).then((response) => response.json());
    const plan = (await api(`/api/v2/battery/Care/replacement?operatingSiteId=${siteId}`)) as ReplacementPlan;
    const range = `from=${new Date(period.fromMs).toISOString()}&to=${new Date(period.toMs).toISOString()}`;
    const care = (await api(`/api/v2/battery/Care?operatingSiteId=${siteId}&${range}`)) as CareResponse;
    const worst = care.batteries.filter((battery) => battery.careScore !== null).slice(0, FLEET_REPORT_WORST_CARE);
    expect(worst.map((battery) => battery.serialNumber)).toContain(hot);
    expect(plan.batteries.map((battery) => battery.serialNumber)).toContain(due);

    for (const [language, texts] of [
      ['en', { title: 'Lifecycle', care: 'Care ranking', within: 'Within 3 months', reason: 'Operating months limit' }],
      [
        'de',
        { title: 'Lebenszyklus', care: 'Pflege-Rangliste', within: 'Innerhalb von 3 Monaten', reason: 'Grenze der' },
      ],
    ] as const) {
      const pdf = await pdfText((await fleetPdf({ operatingSiteId: siteId, ...dates }, admin, language)).rawPayload);
      const format = reportFormat(language, 'Europe/Berlin');
      const money = (value: number | null) => format.money(value as number, plan.currency);
      // The section follows the fleet table (which names every battery too): the plan, then the care ranking.
      expect(pdf).toContain(`${texts.title}\n`);
      const text = pdf.slice(pdf.indexOf(`${texts.title}\n`), pdf.indexOf(texts.care));
      const careText = pdf.slice(pdf.indexOf(texts.care));
      for (const horizon of plan.horizons) {
        const within = texts.within.replace('3', String(horizon.months));
        expect(lineOf(text, within)).toMatch(
          cells(format.localDate(horizon.until), String(horizon.batteries), money(horizon.cost)),
        );
      }
      for (const battery of plan.batteries) {
        expect(lineOf(text, battery.serialNumber)).toMatch(cells(format.localDate(battery.date), money(battery.cost)));
      }
      expect(lineOf(text, due)).toContain(texts.reason);
      for (const battery of worst) {
        const { counters } = battery;
        expect(lineOf(careText, `${battery.serialNumber} ·`), battery.serialNumber).toMatch(
          cells(
            String(counters.deepDischarges),
            format.number(counters.hotMs / 3_600_000, 1),
            String(counters.deepSleepRisks),
          ),
        );
        expect(lineOf(careText, `${battery.serialNumber} ·`)).toContain(` ${battery.careScore} `);
      }
    }
  });
});
