import { describe, expect, it } from 'vitest';
import type { ReportFigures } from './report-figures';
import { renderFleetReportPdf } from './report-fleet-pdf';
import { pdfText } from './test/report-test-data';

const FROM = Date.parse('2026-11-01T00:00:00Z');
const TO = Date.parse('2026-12-01T00:00:00Z');
const figures: ReportFigures = {
  fromMs: FROM,
  toMs: TO,
  timeZone: 'Europe/Berlin',
  samples: 10,
  chargeSessions: 3,
  startSocBuckets: [0, 1, 2, 0, 0],
  minSoc: 20,
  maxSoc: 95,
  soh: 98,
  totals: {
    chargedUkwh: 12_500_000,
    dischargedUkwh: 11_000_000,
    operatingMs: 36_000_000,
    chargingMs: 7_200_000,
    dischargingMs: 21_600_000,
    standbyMs: 7_200_000,
    idleMs: 0,
    errorMs: 0,
    offlineMs: 0,
  },
  missingDates: [],
  days: [],
};

describe('fleet report PDF', () => {
  it('keeps every German column header word whole ("Betriebsstunden", not "Betriebsstunde / n")', async () => {
    const pdf = await renderFleetReportPdf({
      language: 'de',
      theme: 'default',
      siteName: 'Hamburg Hafen',
      creator: 'Ada Admin',
      fromMs: FROM,
      toMs: TO,
      timeZone: 'Europe/Berlin',
      batteries: [{ serialNumber: '2000001', name: 'Stapler 1', figures }],
      createdAt: TO,
    });
    const words = (await pdfText(pdf)).split(/\s+/);
    for (const word of ['Betriebsstunden', 'Ladevorgänge']) expect(words).toContain(word);
  });
});
