import type { Alarm } from '@cbm/contracts/alarms';
import type { CareResponse } from '@cbm/contracts/battery-care';
import type { Lifecycle } from '@cbm/contracts/battery-lifecycle';
import type { StatisticsBattery } from '@cbm/contracts/statistics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { dayOf } from '../battery-care/projection';
import { plainSample } from '../battery-care/test/plain-sample';
import type { ReportSample } from '../reports/report-csv';
import { storeSamples } from '../reports/test/report-test-data';

const poll = { timeout: 20_000, interval: 100 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The job runs every half second: a few runs pass within this. */
const SEVERAL_RUNS_MS = 2_000;
const now = Date.now();

/** At work until `parkedFrom` days ago, then parked at 12 % SoC, reporting every 4 hours until an hour ago. */
function parkedSamples(serialNumber: string, parkedFrom: number): ReportSample[] {
  const working = plainSample(serialNumber, now - (parkedFrom + 1) * DAY, { state: 'discharging', soc: 30 });
  const parked: ReportSample[] = [];
  for (let ts = now - parkedFrom * DAY; ts < now - HOUR; ts += 4 * HOUR) {
    parked.push(plainSample(serialNumber, ts, { state: 'idle', soc: 12 }));
  }
  return [working, ...parked];
}

/** 35 days every 15 minutes up to yesterday, SoH falling by `perDay` from `soh`. */
function ageingSamples(serialNumber: string, soh: number, perDay: number): ReportSample[] {
  const start = now - 36 * DAY;
  return Array.from({ length: 35 * 96 }, (_, n) =>
    plainSample(serialNumber, start + n * 15 * 60_000, {
      state: n % 4 === 0 ? 'charging' : 'discharging',
      soh: Math.round((soh - (perDay * n) / 96) * 100) / 100,
    }),
  );
}

describeEachDatabase('care rules', (kind) => {
  let t: TestApp;
  let admin: string;
  let siteId: number;
  let serials: string[];

  beforeAll(async () => {
    t = await createTestApp(kind, { CARE_RULE_CHECK_SECONDS: 0.5 });
    admin = await t.signIn('admin@cbm.demo');
    siteId = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
    const all = (
      await t.request({ url: `/api/v2/Statistics/filter/batteries?operatingSiteId=${siteId}`, cookie: admin })
    ).json() as StatisticsBattery[];
    serials = all.slice(0, 4).map((battery) => battery.serialNumber);
    const [sleeping, resting, ageing, young] = serials as [string, string, string, string];
    await storeSamples(t.db, siteId, parkedSamples(sleeping, 8.5));
    await storeSamples(t.db, siteId, parkedSamples(resting, 5));
    await storeSamples(t.db, siteId, ageingSamples(ageing, 84, 0.05));
    await storeSamples(t.db, siteId, ageingSamples(young, 99, 0.01));
  }, 300_000);
  afterAll(() => t.close());

  const alarmsOf = async (ruleName: string): Promise<Alarm[]> =>
    (
      (await t.request({ url: `/api/v2/Alarm?operatingSiteId=${siteId}&state=all`, cookie: admin })).json() as Alarm[]
    ).filter((alarm) => alarm.ruleName === ruleName);
  const outbox = async (ruleId: number) =>
    t.db.query<{ payload: { type: string; description: string } }>(
      'SELECT payload FROM alert_delivery WHERE alert_id = $1 ORDER BY id',
      [ruleId],
    );
  const saveRule = async (name: string, condition: object, id?: number) => {
    const response = await t.request({
      method: id ? 'PUT' : 'POST',
      url: id ? `/api/v2/ThresholdRule/${id}` : '/api/v2/ThresholdRule',
      cookie: admin,
      payload: { operatingSiteId: siteId, name, emails: ['ops@example.com'], mailRecovery: true, condition },
    });
    expect(response.statusCode, response.body).toBe(id ? 200 : 201);
    return response.json().id as number;
  };
  const severalRuns = () => new Promise((resolve) => setTimeout(resolve, SEVERAL_RUNS_MS));

  it('deep-sleep risk: one alarm and one mail for the battery parked low for over 7 days, as the care counter counts it; none for one parked 5 days; cleared when it charges', async () => {
    const [sleeping] = serials as [string];
    const ruleId = await saveRule('Deep sleep', { metric: 'deepSleepRisk' });
    await expect.poll(async () => (await alarmsOf('Deep sleep')).length, poll).toBe(1);
    await severalRuns();
    const alarms = await alarmsOf('Deep sleep');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      serialNumber: sleeping,
      kind: 'threshold',
      code: 'deepSleepRisk',
      state: 'open',
    });
    expect(alarms[0]?.description).toBe(
      `Parked below 20 % SoC for ${alarms[0]?.value} days (a deep-sleep risk after 7 days)`,
    );
    expect(await outbox(ruleId)).toHaveLength(1);

    // The care counter over the spell's days counts the same spell; the alarm opened when its 7 days passed.
    const midnight = (ms: number) => new Date(Math.floor(ms / DAY) * DAY).toISOString();
    const [from, to] = [midnight(now - 10 * DAY), midnight(now + DAY)];
    const care = (
      await t.request({
        url: `/api/v2/battery/Care?operatingSiteId=${siteId}&from=${from}&to=${to}&timeZone=UTC&serials=${sleeping}`,
        cookie: admin,
      })
    ).json() as CareResponse;
    const [spell] = care.batteries[0]?.evidence.deepSleepRisks ?? [];
    expect(care.batteries[0]?.counters.deepSleepRisks).toBe(1);
    expect(Date.parse(alarms[0]?.openedAt as string)).toBe(Date.parse(spell?.from as string) + 7 * DAY);
    const days = (Date.parse(spell?.through as string) - Date.parse(spell?.from as string)) / DAY;
    expect(alarms[0]?.value).toBe(Math.round(days * 10) / 10);

    await storeSamples(t.db, siteId, [plainSample(sleeping, now, { state: 'charging', soc: 13 })]);
    await expect.poll(async () => (await alarmsOf('Deep sleep'))[0]?.state, poll).toBe('cleared');
    const mails = await outbox(ruleId);
    expect(mails.map((mail) => mail.payload.type)).toEqual(['threshold', 'recovered']);
    expect(mails[1]?.payload.description).toBe('Cleared: no longer parked below 20 % SoC');
  });

  it('end of life within N days: one alarm for the battery whose SoH 80 % projection falls within them, none for the young one; cleared when the rule looks less far', async () => {
    const [, , ageing, young] = serials as [string, string, string, string];
    const ruleId = await saveRule('End of life', { metric: 'endOfLifeWithin', days: 60 });
    await expect.poll(async () => (await alarmsOf('End of life')).length, poll).toBe(1);
    await severalRuns();
    const alarms = await alarmsOf('End of life');
    expect(alarms.map((alarm) => alarm.serialNumber)).toEqual([ageing]);
    expect(alarms.some((alarm) => alarm.serialNumber === young)).toBe(false);
    // The days left are the lifecycle's projection, as the battery page shows it.
    const lifecycle = (
      await t.request({ url: `/api/v2/battery/Care/${ageing}/lifecycle?operatingSiteId=${siteId}`, cookie: admin })
    ).json() as Lifecycle;
    const today = new Date().toISOString().slice(0, 10);
    const left = dayOf(lifecycle.soh.projection.date as string) - dayOf(today);
    expect(left).toBeGreaterThan(20);
    expect(alarms[0]?.value).toBe(left);
    const german = await t.request({
      url: `/api/v2/Alarm?operatingSiteId=${siteId}&state=all`,
      cookie: admin,
      headers: { 'accept-language': 'de' },
    });
    expect((german.json() as Alarm[]).find((alarm) => alarm.ruleName === 'End of life')?.description).toBe(
      `SoH 80 % (Lebensende) in ${left} Tagen erwartet, innerhalb von 60 Tagen`,
    );
    expect(await outbox(ruleId)).toHaveLength(1);

    await saveRule('End of life', { metric: 'endOfLifeWithin', days: 10 }, ruleId);
    await expect.poll(async () => (await alarmsOf('End of life'))[0]?.state, poll).toBe('cleared');
    await severalRuns();
    expect(await alarmsOf('End of life')).toHaveLength(1);
    expect((await outbox(ruleId)).map((mail) => mail.payload.type)).toEqual(['threshold', 'recovered']);
  });
});
