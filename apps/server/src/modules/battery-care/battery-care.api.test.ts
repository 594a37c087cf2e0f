import { CARE_EVIDENCE_MAX, type CareBattery, type CareResponse } from '@cbm/contracts/battery-care';
import type { StatisticsBattery } from '@cbm/contracts/statistics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInScopedAdmin, siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { localDays } from '../battery-days/local-days';
import { storeSamples } from '../reports/test/report-test-data';
import { foldCareHours } from './care-fold';
import { CARE_REFERENCE_SQL } from './test/care-reference-sql';
import { careSamples } from './test/care-test-data';

const FROM = Date.parse('2026-10-08T00:00:00Z');
const TO = Date.parse('2026-11-14T00:00:00Z');
/** Base temperatures: mild, warm, hot; parking spells over Berlin's DST change and over the month end. */
const PROFILES = [
  { baseCelsius: 28, parkings: [{ from: '2026-10-27T03:10:00Z', to: '2026-11-05T05:00:00Z', soc: 12 }] },
  { baseCelsius: 35, parkings: [{ from: '2026-10-19T21:55:00Z', to: '2026-10-27T01:00:00Z', soc: 19.5 }] },
  { baseCelsius: 39, parkings: [{ from: '2026-10-12T08:00:00Z', to: '2026-10-18T22:00:00Z', soc: 5 }] },
];
/** Local dates [first, last] and the zone: months, the DST day, a week over the month end, everything. */
const PERIODS: [string, string, string][] = [
  ['2026-10-01', '2026-10-31', 'Europe/Berlin'],
  ['2026-11-01', '2026-11-30', 'Europe/Berlin'],
  ['2026-10-25', '2026-10-25', 'Europe/Berlin'],
  ['2026-10-24', '2026-10-26', 'America/New_York'],
  ['2026-10-28', '2026-11-03', 'Europe/Berlin'],
  ['2026-10-31', '2026-11-01', 'UTC'],
  ['2026-10-01', '2026-11-30', 'Asia/Kolkata'],
];
const COUNTERS = [
  'onlineMs',
  'deepDischarges',
  'hotMs',
  'hotChargingMs',
  'deepSleepRisks',
  'opportunityCharges',
] as const;

/** The weight that took the most points off, from the reference row (first of equals in weight order). */
function reasonOf(row: Record<string, unknown>): string | null {
  const points: [string, number][] = [
    ['deepDischarge', 10 * Number(row.deepDischarges) * 3_600_000],
    ['deepSleepRisk', 25 * Number(row.deepSleepRisks) * 3_600_000],
    ['hotHour', 2 * Number(row.hotMs)],
    ['hotChargingHour', 5 * Number(row.hotChargingMs)],
  ];
  const most = points.reduce((best, next) => (next[1] > best[1] ? next : best), ['', 0] as [string, number]);
  return most[1] > 0 ? most[0] : null;
}

const dayStart = (date: string, timeZone: string) => localDays(timeZone).dayAt(Date.parse(`${date}T12:00:00Z`)).start;

describeEachDatabase('battery care counters against the raw samples', (kind) => {
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
    serials = all.slice(0, PROFILES.length).map((battery) => battery.serialNumber);
    for (const [n, serial] of serials.entries()) {
      await storeSamples(t.db, siteId, careSamples(serial, FROM, TO, 51 + n, PROFILES[n] as (typeof PROFILES)[0]));
    }
  }, 300_000);
  afterAll(() => t.close());

  const care = (query: string, cookie = admin) =>
    t.request({ url: `/api/v2/battery/Care?operatingSiteId=${siteId}&${query}`, cookie });

  /** The period's instants and days, and the API's and the SQL recompute's answers for it. */
  async function compare(first: string, last: string, timeZone: string) {
    const start = dayStart(first, timeZone);
    const end = localDays(timeZone).dayAt(dayStart(last, timeZone)).end;
    const days = Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000) + 1;
    const query = `from=${new Date(start).toISOString()}&to=${new Date(end).toISOString()}&timeZone=${timeZone}&serials=${serials.join(',')}`;
    const response = await care(query);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as CareResponse;
    expect([body.firstDate, body.lastDate, body.days]).toEqual([first, last, days]);
    const scores = body.batteries.map((battery) => battery.careScore ?? 101);
    expect(scores, 'worst first').toEqual([...scores].sort((a, b) => a - b));
    const expected = await t.db.query<Record<string, unknown>>(CARE_REFERENCE_SQL, [
      siteId,
      serials,
      new Date(start),
      new Date(end),
      days,
    ]);
    return { body, expected };
  }

  /** The differences between the API's batteries and the reference rows in these figures. */
  function differencesOf(label: string, body: CareResponse, expected: Record<string, unknown>[], names: string[]) {
    const differences: string[] = [];
    for (const row of expected) {
      const battery = body.batteries.find((one) => one.serialNumber === row.serialNumber) as CareBattery;
      const actual: Record<string, unknown> = { ...battery.counters, samples: battery.samples };
      actual.careScore = battery.careScore;
      actual.reason = battery.reason;
      row.reason = reasonOf(row);
      for (const name of names) {
        const want = name.endsWith('Ms') ? Number(row[name]) : row[name];
        if (actual[name] !== want) differences.push(`${label} ${row.serialNumber} ${name}: ${actual[name]} ≠ ${want}`);
      }
    }
    return differences;
  }

  it('counts every counter and the score as an SQL recompute over the samples does: 0 differences', async () => {
    const differences: string[] = [];
    const totals = Object.fromEntries(COUNTERS.map((name) => [name, 0])) as Record<string, number>;
    let compared = 0;
    for (const [first, last, timeZone] of PERIODS) {
      const { body, expected } = await compare(first, last, timeZone);
      const names = [...COUNTERS, 'samples', 'careScore', 'reason'];
      differences.push(...differencesOf(`${first}–${last} ${timeZone}`, body, expected, names));
      compared += expected.length * names.length;
      for (const battery of body.batteries) {
        for (const name of COUNTERS) totals[name] = (totals[name] ?? 0) + battery.counters[name];
        checkEvidence(battery);
      }
    }
    console.log(`battery care: ${compared} figures compared, ${differences.length} differences`, totals);
    expect(differences).toEqual([]);
    for (const name of COUNTERS) expect(totals[name], name).toBeGreaterThan(0);
  });

  /** Each piece of evidence is a stored sample that says what the counter counted. */
  function checkEvidence(battery: CareBattery) {
    const { counters, evidence } = battery;
    expect(evidence.deepDischarges.length).toBe(Math.min(counters.deepDischarges, CARE_EVIDENCE_MAX));
    expect(evidence.deepSleepRisks.length).toBe(Math.min(counters.deepSleepRisks, CARE_EVIDENCE_MAX));
    expect(evidence.opportunityCharges.length).toBe(Math.min(counters.opportunityCharges, CARE_EVIDENCE_MAX));
    for (const event of evidence.deepDischarges) expect(event.soc).toBeLessThan(10);
    for (const event of evidence.opportunityCharges) expect(event.soc).toBeGreaterThanOrEqual(30);
    for (const spell of evidence.hotSpells) expect(spell.maxCellTemperature).toBeGreaterThan(45);
  }

  it('answers whole local days of the site zone and a clear 400 for a bad range', async () => {
    const body = (await care('from=2026-10-25T10:00:00Z&to=2026-10-25T11:00:00Z')).json() as CareResponse;
    expect([body.timeZone, body.firstDate, body.lastDate, body.days]).toEqual([
      'Europe/Berlin',
      '2026-10-25',
      '2026-10-25',
      1,
    ]);
    const inverted = await care('from=2026-10-26T00:00:00Z&to=2026-10-25T00:00:00Z');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.body).toContain('to');
    expect((await care('from=2026-10-25T00:00:00Z&to=2026-10-26T00:00:00Z&serials=NOPE-1')).statusCode).toBe(404);
  });

  it('needs cbm_statistic, the site and its Statistic permission', async () => {
    const range = 'from=2026-10-25T00:00:00Z&to=2026-10-26T00:00:00Z';
    expect((await care(range, '')).statusCode).toBe(401);
    const noPermission = await signInScopedAdmin(t, {
      email: 'care-no-statistic@cbm.test',
      features: ['cbm_statistic'],
      manages: [siteId],
    });
    expect((await care(range, noPermission)).statusCode).toBe(403);
    const wien = (await siteNodeIds(t, admin))['Wien Süd'] as number;
    const operator = await t.signIn('operator@cbm.demo');
    expect(
      (await t.request({ url: `/api/v2/battery/Care?operatingSiteId=${wien}&${range}`, cookie: operator })).statusCode,
    ).toBe(403);
  });

  it('counts the same from the care roll-ups once retention has folded and dropped the samples: 0 differences', async () => {
    const whole = PERIODS.filter(([, , timeZone]) => timeZone !== 'Asia/Kolkata');
    const before = await Promise.all(whole.map(([first, last, timeZone]) => compare(first, last, timeZone)));
    const folded = await foldCareHours(t.db, Date.parse('2026-09-01T00:00:00Z'), Date.parse('2026-12-01T00:00:00Z'));
    expect(folded).toBeGreaterThan(0);
    await t.db.query('DELETE FROM battery_sample WHERE operating_site_id = $1 AND serial_number = ANY($2::text[])', [
      siteId,
      serials,
    ]);
    const differences: string[] = [];
    let hours = 0;
    for (const [n, [first, last, timeZone]] of whole.entries()) {
      const { body } = await compare(first, last, timeZone);
      const label = `${first}–${last} ${timeZone} from roll-ups`;
      differences.push(...differencesOf(label, body, before[n]?.expected ?? [], [...COUNTERS, 'careScore', 'reason']));
      expect(body.batteries.map((battery) => battery.samples)).toEqual(serials.map(() => 0));
      hours += body.batteries.reduce((sum, battery) => sum + battery.rollupHours, 0);
    }
    expect(hours).toBeGreaterThan(0);
    console.log(`battery care from roll-ups: ${folded} hours folded, ${differences.length} differences`);
    expect(differences).toEqual([]);
  });
});
