import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type DatabaseKind, type TestApp } from '../../../../test/test-app';
import type { ReportSample } from '../report-csv';
import { generateSamples, storeSamples } from './report-test-data';

// Three local days in Europe/Berlin around the end of daylight saving time (25 October 2026 has 25 hours).
export const FROM = Date.parse('2026-10-23T22:00:00Z');
export const TO = Date.parse('2026-10-26T23:00:00Z');
const GAP_AT = Date.parse('2026-10-25T09:00:00Z');
export const SETTINGS = {
  vehicleId: 'Stapler 7',
  userName: 'Jörg Prüfer',
  chargerName: 'Ladegerät Süd',
  language: 'de_DE',
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  pricePerKwh: '0.3125',
} as const;

export async function multipart(form: FormData) {
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

export interface ReportTestSite {
  t: TestApp;
  admin: string;
  operator: string;
  /** Hamburg Hafen, whose first battery (`serial`) holds `samples` from FROM to TO with a 40-minute gap. */
  siteId: number;
  /** Wien Süd, of another organisation. */
  otherSiteId: number;
  serial: string;
  samples: ReportSample[];
  /** The report settings of the period as query parameters, with `extra` on top. */
  query(extra?: Record<string, string | number>): URLSearchParams;
  get(path: string, cookie?: string, headers?: Record<string, string>): ReturnType<TestApp['request']>;
  fromCsv(csv: string, fields: Record<string, string>, cookie?: string, site?: number): ReturnType<TestApp['request']>;
}

/** The reports' API tests' app and battery, set up before the suite's tests and closed after them. */
export function useReportTestSite(kind: DatabaseKind): ReportTestSite {
  const site = {
    query: (extra: Record<string, string | number> = {}) =>
      new URLSearchParams({
        ...SETTINGS,
        operatingSiteId: String(site.siteId),
        timestampMin: String(FROM / 1000),
        timestampMax: String(TO / 1000),
        ...Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, String(value)])),
      }),
    get: (path: string, cookie = site.admin, headers: Record<string, string> = {}) =>
      site.t.request({ url: `/api/v2/battery/Report${path}`, cookie, headers }),
    fromCsv: async (csv: string, fields: Record<string, string>, cookie = site.admin, siteId = site.siteId) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('cSVFile', new Blob([csv], { type: 'text/csv' }), 'datalog.csv');
      return site.t.request({
        method: 'POST',
        url: `/api/v2/battery/Report/pdfFromCsv?operatingSiteId=${siteId}`,
        cookie,
        ...(await multipart(form)),
      });
    },
  } as ReportTestSite;

  beforeAll(async () => {
    site.t = await createTestApp(kind);
    site.admin = await site.t.signIn('admin@cbm.demo');
    site.operator = await site.t.signIn('operator@cbm.demo');
    const [hamburg] = await site.t.db.query<{ id: number; serial: string }>(
      `SELECT o.id, min(b.serial_number) AS serial FROM operating_site o JOIN site_node n ON n.id = o.id
         JOIN battery b ON b.operating_site_id = o.id WHERE n.name = 'Hamburg Hafen' GROUP BY o.id`,
    );
    [{ id: site.otherSiteId }] = (await site.t.db.query<{ id: number }>(
      `SELECT o.id FROM operating_site o JOIN site_node n ON n.id = o.id WHERE n.name = 'Wien Süd'`,
    )) as [{ id: number }];
    ({ id: site.siteId, serial: site.serial } = hamburg as { id: number; serial: string });
    site.samples = generateSamples(site.serial, FROM, TO, GAP_AT);
    await storeSamples(site.t.db, site.siteId, site.samples);
  }, 900_000);
  afterAll(() => site.t?.close());
  return site;
}
