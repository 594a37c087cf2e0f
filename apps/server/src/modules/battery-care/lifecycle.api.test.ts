import type { Lifecycle, ReplacementPlan } from '@cbm/contracts/battery-lifecycle';
import type { StatisticsBattery } from '@cbm/contracts/statistics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import type { ReportSample } from '../reports/report-csv';
import { storeSamples } from '../reports/test/report-test-data';
import { plainSample } from './test/plain-sample';

const STEP = 15 * 60_000;
const DAY = 86_400_000;
/** 120 days of samples every 15 minutes up to a week ago: SoH falling 0.02 a day (known truth: 80 % on day 750). */
const START = Date.parse('2026-07-01T00:00:00Z');

function agingSamples(serialNumber: string, days: number): ReportSample[] {
  return Array.from({ length: days * 96 }, (_, n) =>
    plainSample(serialNumber, START + n * STEP, {
      state: n % 4 === 0 ? 'charging' : 'discharging',
      soh: Math.round((95 - (0.02 * n) / 96 + ((n * 37) % 11) * 0.01) * 100) / 100,
      totalEnergyChargedKwh: 5000 + n * 0.375,
      totalEnergyDischargedKwh: 4000 + n * 0.25,
    }),
  );
}

describeEachDatabase('battery lifecycle', (kind) => {
  let t: TestApp;
  let admin: string;
  let siteId: number;
  let serials: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    siteId = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
    const all = (
      await t.request({ url: `/api/v2/Statistics/filter/batteries?operatingSiteId=${siteId}`, cookie: admin })
    ).json() as StatisticsBattery[];
    serials = all.slice(0, 2).map((battery) => battery.serialNumber);
    await storeSamples(t.db, siteId, agingSamples(serials[0] as string, 120));
    await storeSamples(t.db, siteId, agingSamples(serials[1] as string, 10));
  }, 300_000);
  afterAll(() => t.close());

  const lifecycle = (serial: string, cookie = admin, site = siteId) =>
    t.request({ url: `/api/v2/battery/Care/${serial}/lifecycle?operatingSiteId=${site}`, cookie });

  it('projects SoH 80 % around the known truth, with its band and basis, and the lifetime throughput', async () => {
    const response = await lifecycle(serials[0] as string);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Lifecycle;
    expect(body.sohSeries.length).toBeGreaterThanOrEqual(120);
    const truth = new Date(START + 750 * DAY).toISOString().slice(0, 10);
    const { projection } = body.soh;
    expect(projection.status).toBe('projected');
    expect(Math.abs(Date.parse(projection.date as string) - Date.parse(truth)) / DAY).toBeLessThan(20);
    expect((projection.earliest as string) <= truth && truth <= (projection.latest as string)).toBe(true);
    expect(projection.basis.days).toBeGreaterThanOrEqual(120);
    expect(projection.basis.perYear).toBeCloseTo(-0.02 * 365.25, 1);
    // The lifetime counter of the newest sample: 4000 kWh + 0.25 per step.
    expect(body.energy.dischargedKwh).toBe(4000 + (120 * 96 - 1) * 0.25);
    expect(body.energy.projection.status).toBe('projected');
  });

  it('says "not enough history" where there is too little, 404 for another site\'s battery, 403 without access', async () => {
    const body = (await lifecycle(serials[1] as string)).json() as Lifecycle;
    expect([body.soh.projection.status, body.energy.projection.status]).toEqual([
      'notEnoughHistory',
      'notEnoughHistory',
    ]);
    const wien = (await siteNodeIds(t, admin))['Wien Süd'] as number;
    expect((await lifecycle(serials[0] as string, admin, wien)).statusCode).toBe(404);
    const operator = await t.signIn('operator@cbm.demo');
    expect((await lifecycle(serials[0] as string, operator, wien)).statusCode).toBe(403);
  });

  it('plans the replacements due within 3, 6 and 12 months, soonest first, priced with the site setting', async () => {
    const settings = await t.request({ url: `/api/v2/OsAdmin?operatingSiteId=${siteId}`, cookie: admin });
    const saved = await t.request({
      method: 'POST',
      url: `/api/v2/OsAdmin?operatingSiteId=${siteId}`,
      cookie: admin,
      payload: { ...(settings.json() as object), operatingSiteId: undefined, batteryPricePerKwh: 312.5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [due] = serials.slice(1);
    const inFourMonths = new Date(Date.now() + 122 * DAY).toISOString().slice(0, 10);
    await t.db.query(
      `UPDATE battery SET production_date = ($2::date - interval '60 months')::date, operating_limit_months = 60,
         nominal_energy_kwh = 24.6 WHERE serial_number = $1`,
      [due, inFourMonths],
    );
    const response = await t.request({
      url: `/api/v2/battery/Care/replacement?operatingSiteId=${siteId}`,
      cookie: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const plan = response.json() as ReplacementPlan;
    expect(plan.batteryPricePerKwh).toBe(312.5);
    expect(plan.batteries.find((battery) => battery.serialNumber === due)).toMatchObject({
      reason: 'months',
      status: 'projected',
      date: inFourMonths,
      cost: 7687.5,
    });
    expect(plan.batteries.map((battery) => battery.date)).toEqual(plan.batteries.map((b) => b.date).sort());
    for (const horizon of plan.horizons) {
      const within = plan.batteries.filter((battery) => battery.date <= horizon.until);
      expect(horizon.batteries).toBe(within.length);
      const sum = within.reduce((total, battery) => total + (battery.cost ?? Number.NaN), 0);
      expect(horizon.cost).toBeCloseTo(sum, 2);
    }
    const [three, six] = plan.horizons;
    expect((three?.until as string) < inFourMonths && inFourMonths <= (six?.until as string)).toBe(true);
    const operator = await t.signIn('operator@cbm.demo');
    const wien = (await siteNodeIds(t, admin))['Wien Süd'] as number;
    const refused = await t.request({
      url: `/api/v2/battery/Care/replacement?operatingSiteId=${wien}`,
      cookie: operator,
    });
    expect(refused.statusCode).toBe(403);
  });
});
