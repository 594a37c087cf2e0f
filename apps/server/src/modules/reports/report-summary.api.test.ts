import { BATTERY_STATES } from '@cbm/contracts/device-protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { localDays } from '../rollups/local-days';
import type { ReportSample } from './report-csv';
import { reportRepository } from './report-repository';
import { figuresFromSampleStream, figuresFromSamples } from './report-service';
import { summaryDays } from './report-summary';
import { storeSamples } from './report-test-data';

// Twelve days over the ends of daylight saving time in Europe (25 October) and the USA (1 November).
const FROM = Date.parse('2026-10-22T05:17:00Z');
const TO = Date.parse('2026-11-03T09:00:00Z');
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'];

/**
 * Irregular samples: steps of 5 s to 25 min (so gaps over 15 min), samples exactly at local midnights,
 * every state, counters with long fractions, a counter reset and a replaced battery counter.
 */
function irregularSamples(serialNumber: string): ReportSample[] {
  const random = fc.sample(
    fc.record({
      step: fc.oneof(fc.integer({ min: 5, max: 600 }), fc.integer({ min: 60, max: 1500 })),
      state: fc.constantFrom(...BATTERY_STATES),
      keep: fc.integer({ min: 0, max: 9 }),
      soc: fc.double({ min: 0, max: 100, noNaN: true }),
      energy: fc.double({ min: 0, max: 2, noNaN: true }),
    }),
    { numRuns: 3000, seed: 7 },
  );
  const midnights = new Set([Date.parse('2026-10-25T23:00:00Z'), Date.parse('2026-11-01T04:00:00Z')]);
  const samples: ReportSample[] = [];
  let ts = FROM;
  let state: ReportSample['state'] = 'charging';
  let charged = 1234.5678915;
  let discharged = 987.654321;
  for (const [n, draw] of random.entries()) {
    if (ts >= TO) break;
    if (draw.keep > 6) state = draw.state;
    if (state === 'charging') charged += draw.energy;
    if (state === 'discharging') discharged += draw.energy / 3;
    if (n === 900) charged = 0.0000025;
    if (n === 1800) discharged = 12.3456785;
    samples.push({
      serialNumber,
      ts,
      state,
      soc: draw.soc,
      soh: 90 + (n % 7) / 3,
      stackVoltage: 51.2,
      current: 0,
      minCellVoltage: 3.2,
      maxCellVoltage: 3.3,
      minCellTemperature: 20,
      maxCellTemperature: 25,
      boardTemperature: null,
      chargerSerial: state === 'charging' ? 'CHG-1' : null,
      totalEnergyChargedKwh: charged,
      totalEnergyDischargedKwh: discharged,
      totalChargingHours: 0,
      totalDischargingHours: 0,
      totalStandbyHours: 0,
    });
    const next = ts + draw.step * 1000;
    const midnight = [...midnights].find((at) => at > ts && at < next);
    ts = midnight ?? next;
  }
  return samples;
}

describeEachDatabase('report figures summed in the database', (kind) => {
  vi.setConfig({ testTimeout: 120_000 });
  let t: TestApp;
  let siteId: number;
  let serial: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [site] = await t.db.query<{ id: number; serial: string }>(
      `SELECT o.id, max(b.serial_number) AS serial FROM operating_site o JOIN site_node n ON n.id = o.id
         JOIN battery b ON b.operating_site_id = o.id WHERE n.name = 'Hamburg Hafen' GROUP BY o.id`,
    );
    ({ id: siteId, serial } = site as { id: number; serial: string });
    await storeSamples(t.db, siteId, irregularSamples(serial));
  }, 900_000);
  afterAll(() => t.close());

  it.each(ZONES)('equal the figures of the samples read one by one, in %s', async (timezone) => {
    const repository = reportRepository(t.db);
    const settings = {
      vehicleId: '',
      userName: '',
      chargerName: '',
      language: 'en_US' as const,
      timezone,
      currency: 'EUR',
      pricePerKwh: 0.3125,
    };
    const periods = [
      { fromMs: FROM, toMs: TO },
      { fromMs: Date.parse('2026-10-24T13:41:07Z'), toMs: Date.parse('2026-11-02T02:03:04Z') },
      { fromMs: Date.parse('2026-10-25T00:00:00Z'), toMs: Date.parse('2026-10-26T00:00:00Z') },
      { fromMs: Date.parse('2026-10-30T10:00:00Z'), toMs: Date.parse('2026-10-30T10:20:00Z') },
      { fromMs: Date.parse('2026-09-01T00:00:00Z'), toMs: Date.parse('2026-09-03T00:00:00Z') },
    ];
    for (const period of periods) {
      expect(summaryDays(localDays(timezone), period)).toBeDefined();
      const summed = await figuresFromSamples(repository, siteId, serial, settings, period);
      const streamed = await figuresFromSampleStream(repository, siteId, serial, settings, period);
      expect(summed).toEqual(streamed);
    }
    const whole = await figuresFromSamples(repository, siteId, serial, settings, { fromMs: FROM, toMs: TO });
    // The data reaches every branch: gaps, sessions, every state, clock changes.
    expect(whole.offlineHours).toBeGreaterThan(0);
    expect(whole.chargeSessions).toBeGreaterThan(10);
    expect(whole.errorHours * whole.idleHours * whole.standbyHours).toBeGreaterThan(0);
  });

  it('marks the days with a clock change', () => {
    const days = summaryDays(localDays('Europe/Berlin'), { fromMs: FROM, toMs: TO }) ?? [];
    expect(days.filter((day) => !day.plain).map((day) => day.date)).toEqual(['2026-10-25']);
    expect(days.map((day) => day.date).at(-1)).toBe('2026-11-03');
  });
});
