import type { RightSizing } from '@cbm/contracts/battery-care';
import type { StatisticsBattery } from '@cbm/contracts/statistics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import type { ReportSample } from '../reports/report-csv';
import { storeSamples } from '../reports/test/report-test-data';
import { plainSample } from './test/plain-sample';

const STEP = 10 * 60_000;
const HOUR = 3_600_000;
/** A winter day long before the demo's history: Hamburg is on UTC+1. */
const DAY = Date.parse('2025-01-14T00:00:00Z');

/** Ten-minute samples from 05:00 to 13:00 UTC, discharging in [from, to) UTC hours, standing by otherwise. */
function samples(serialNumber: string, from: number, to: number): ReportSample[] {
  return Array.from({ length: 48 }, (_, n) => {
    const ts = DAY + 5 * HOUR + n * STEP;
    const driving = ts >= DAY + from * HOUR && ts < DAY + to * HOUR;
    return plainSample(serialNumber, ts, {
      state: driving ? 'discharging' : 'standby',
      soc: 80 - n,
      totalEnergyDischargedKwh: 100 + n,
    });
  });
}

describeEachDatabase('right-sizing', (kind) => {
  let t: TestApp;
  let admin: string;
  let siteId: number;
  let batteries: StatisticsBattery[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    siteId = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
    batteries = (
      await t.request({ url: `/api/v2/Statistics/filter/batteries?operatingSiteId=${siteId}`, cookie: admin })
    ).json() as StatisticsBattery[];
    const [a, b, c] = batteries.map((battery) => battery.serialNumber) as [string, string, string];
    await storeSamples(t.db, siteId, samples(a, 6, 10));
    await storeSamples(t.db, siteId, samples(b, 8, 9));
    // 10 minutes of driving: less than a quarter of the hour, so not in use.
    await storeSamples(t.db, siteId, samples(c, 11, 11 + 1 / 6));
  }, 300_000);
  afterAll(() => t.close());

  const ask = (cookie = admin, site = siteId) =>
    t.request({
      url: `/api/v2/battery/Care/right-sizing?operatingSiteId=${site}&from=2025-01-14T00:00:00%2B01:00&to=2025-01-15T00:00:00%2B01:00`,
      cookie,
    });

  it('finds the most batteries in use at once, per local hour of the day, against the fleet, and the unused ones', async () => {
    const response = await ask();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as RightSizing;
    expect(body).toMatchObject({ timeZone: 'Europe/Berlin', firstDate: '2025-01-14', lastDate: '2025-01-14' });
    expect(body.fleetSize).toBe(batteries.length);
    expect(body.peak).toEqual({ inUse: 2, hour: '2025-01-14T08:00:00.000Z' });
    const peaks = Object.fromEntries(body.byHourOfDay.map((slot) => [slot.hour, slot.peak]));
    // Local hours (UTC+1): a drives 07–11, b 09–10; c's ten minutes at 12 do not count.
    expect([peaks[6], peaks[7], peaks[8], peaks[9], peaks[10], peaks[11], peaks[12]]).toEqual([0, 1, 1, 2, 1, 0, 0]);
    const unused = body.unused.map((battery) => battery.serialNumber);
    expect(unused).toHaveLength(batteries.length - 2);
    expect(unused).toContain(batteries[2]?.serialNumber);
    expect(unused).not.toContain(batteries[0]?.serialNumber);
  });

  it('answers 403 without statistics access and 400 for a range that ends before it starts', async () => {
    const operator = await t.signIn('operator@cbm.demo');
    const wien = (await siteNodeIds(t, admin))['Wien Süd'] as number;
    expect((await ask(operator, wien)).statusCode).toBe(403);
    const backwards = await t.request({
      url: `/api/v2/battery/Care/right-sizing?operatingSiteId=${siteId}&from=2025-01-15T00:00:00Z&to=2025-01-14T00:00:00Z`,
      cookie: admin,
    });
    expect(backwards.statusCode).toBe(400);
  });
});
