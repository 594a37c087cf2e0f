import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/test-app';
import { pdfText } from './test/report-test-data';
import { useReportTestSite } from './test/report-test-site';

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
});
