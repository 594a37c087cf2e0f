import { REPORT_CSV_MAX_LINE } from '@cbm/contracts/reports';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STALL_LIMIT_MS, watchEventLoop } from '../../../test/event-loop-probe';
import { adversarialReportCsvs, normalReportCsv } from '../../../test/report-csv-adversarial';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

const SETTINGS = { language: 'en_US', timezone: 'Europe/Berlin', currency: 'EUR', pricePerKwh: '0.3' };

async function multipart(form: FormData) {
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

describeEachDatabase('report uploads against a hostile datalog (issue 20)', (kind) => {
  let t: TestApp;
  let admin: string;
  let siteId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    [{ id: siteId }] = (await t.db.query<{ id: number }>(
      `SELECT o.id FROM operating_site o JOIN site_node n ON n.id = o.id WHERE n.name = 'Hamburg Hafen'`,
    )) as [{ id: number }];
  }, 120_000);
  afterAll(() => t.close());

  const upload = async (csv: string, language = 'en', fieldsAfter = false) => {
    const form = new FormData();
    if (!fieldsAfter) for (const [name, value] of Object.entries(SETTINGS)) form.append(name, value);
    form.append('cSVFile', new Blob([csv], { type: 'text/csv' }), 'datalog.csv');
    if (fieldsAfter) for (const [name, value] of Object.entries(SETTINGS)) form.append(name, value);
    const body = await multipart(form);
    return t.request({
      method: 'POST',
      url: `/api/v2/battery/Report/pdfFromCsv?operatingSiteId=${siteId}`,
      cookie: admin,
      ...body,
      headers: { ...body.headers, 'accept-language': language },
    });
  };
  const otherRequest = () =>
    t.request({ url: `/api/v2/battery/Report/filter/defaults?operatingSiteId=${siteId}`, cookie: admin });

  it('refuses 1 MB of digits and an x at once, in en and de, answering other requests meanwhile', async () => {
    const hostile = adversarialReportCsvs()['one digit cell and an x'] as string;
    const watch = watchEventLoop();
    const [english, other] = await Promise.all([upload(hostile), otherRequest()]);
    const { longestTurnMs } = watch.stop();
    expect(longestTurnMs).toBeLessThan(STALL_LIMIT_MS);
    expect(other.statusCode).toBe(200);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      code: 'reports.invalidCsv',
      message: `Line 2 holds more than ${REPORT_CSV_MAX_LINE} characters of values: a datalog line is one sample of 18 short values.`,
    });
    const german = await upload(hostile, 'de');
    expect(german.json().message).toBe(
      `Zeile 2 enthält mehr als ${REPORT_CSV_MAX_LINE} Zeichen an Werten: Eine Datalog-Zeile ist ein Messwert aus 18 kurzen Werten.`,
    );
  });

  it('refuses settings sent after the file', async () => {
    const response = await upload(normalReportCsv(10_000), 'en', true);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'request.malformedBody',
      message: 'Send the report settings as form fields before the file (cSVFile): the file is read as it arrives.',
    });
  });
});
