import { UNGROUPED } from '@cbm/contracts/battery-groups';
import { EXPORT_GRANULARITY, type ExportResolution } from '@cbm/contracts/data-export';
import {
  STATISTICS_GRANULARITIES,
  STATISTICS_GROUP_BY,
  STATISTICS_METRICS,
  STATISTICS_TYPES,
  type StatisticsBattery,
  type StatisticsGranularity,
  type StatisticsGroupBy,
  type StatisticsType,
  statisticsResponseSchema,
} from '@cbm/contracts/statistics';
import { seededRandom } from '@cbm/demo-fixtures/random';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteNodeIds } from '../../../test/site-admins';
import { createTestApp, describeEachDatabase, TEST_SEED_TIME, type TestApp } from '../../../test/test-app';
import { generateFleet } from '../../demo/demo-fleet';
import { generateSeries } from '../../demo/history-series';
import { DEFAULT_MAX_GAP_MS, type RollupPoint } from '../battery-days/attribution';
import { localDays, nextDate } from '../battery-days/local-days';
import { rollupListener } from '../battery-days/rollup-listener';
import { toBatches, toSample } from '../battery-days/test/rollup-test-data';
import { co2KgText, hoursText, kwhText } from '../figures/figure-decimals';
import {
  energyFigures,
  figureTexts,
  type ReferenceDay,
  referenceDays,
  referencePeriod,
  referenceSessions,
  startSocFigures,
} from './test/statistics-reference';

/** Raw samples from 20 March to 10 November 2026 with one long gap: DST changes, week and month ends. */
const SERIES_FROM = Date.parse('2026-03-20T00:00:00Z');
const SERIES_TO = Date.parse('2026-11-10T00:00:00Z');
const GAP = [Date.parse('2026-04-12T09:13:00Z'), Date.parse('2026-10-15T17:40:00Z')];
/** The site's zone (day rows), and two zones answered from hour rows. */
/** Berlin from day rows, UTC and New York from hour rows, Kolkata (+5:30) from their quarter parts (decision 033). */
const ZONES = ['Europe/Berlin', 'UTC', 'America/New_York', 'Asia/Kolkata'];
/** Local dates, inclusive: Berlin's spring change; Berlin's and New York's autumn changes over a month end. */
const RANGES: [string, string][] = [
  ['2026-03-23', '2026-04-05'],
  ['2026-10-21', '2026-11-04'],
];

const startOf = (date: string, timeZone: string) =>
  new Date(localDays(timeZone).dayAt(Date.parse(`${date}T12:00:00Z`)).start).toISOString();

describeEachDatabase('statistics and export against the raw samples', (kind) => {
  let t: TestApp;
  let admin: string;
  let siteId: number;
  let batteries: StatisticsBattery[];
  const series = new Map<string, RollupPoint[]>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signIn('admin@cbm.demo');
    siteId = (await siteNodeIds(t, admin))['Hamburg Hafen'] as number;
    const all = (
      await t.request({ url: `/api/v2/Statistics/filter/batteries?operatingSiteId=${siteId}`, cookie: admin })
    ).json() as StatisticsBattery[];
    const grouped = all.filter((battery) => battery.groupId !== null);
    const otherGroup = grouped.find((battery) => battery.groupId !== grouped[0]?.groupId);
    batteries = [grouped[0], otherGroup, all.find((battery) => battery.groupId === null) ?? grouped[1]].filter(
      (battery): battery is StatisticsBattery => battery !== undefined,
    );
    const fleet = generateFleet([{ id: siteId, index: 0 }], TEST_SEED_TIME);
    batteries.forEach((battery, n) => {
      const demo = { ...(fleet.batteries[n] as (typeof fleet.batteries)[number]), serialNumber: battery.serialNumber };
      const site = { id: siteId, timeZone: 'Europe/Berlin', shifts: 3, chargerSerials: ['CH-1'] };
      const { points } = generateSeries(demo, site, SERIES_FROM, SERIES_TO, seededRandom(n + 7));
      series.set(
        battery.serialNumber,
        points.filter((point) => point.ts < (GAP[0] as number) || point.ts > (GAP[1] as number)),
      );
    });
    const cuts = Array.from({ length: 40 }, (_, n) => (n + 1) * 1700 + (n % 3) * 17);
    for (const batch of toBatches(series, cuts)) {
      const samples = batch.flatMap(([serial, points]) => points.map((point) => toSample(serial, point)));
      await t.db.transaction((tx) => rollupListener(tx, samples));
    }
  }, 300_000);
  afterAll(() => t.close());

  const daysByZone = new Map<string, Map<string, Map<string, ReferenceDay>>>();
  const referenceFor = (timeZone: string) => {
    let days = daysByZone.get(timeZone);
    if (!days) {
      days = new Map(
        [...series].map(([serial, points]) => [serial, referenceDays(points, timeZone, DEFAULT_MAX_GAP_MS)]),
      );
      daysByZone.set(timeZone, days);
    }
    return days;
  };

  const sessionsByZone = new Map<string, ReturnType<typeof referenceSessions>>();
  const sessionsFor = (timeZone: string) => {
    let sessions = sessionsByZone.get(timeZone);
    if (!sessions) {
      sessions = [...series].flatMap(([serial, points]) =>
        referenceSessions(serial, points, timeZone, DEFAULT_MAX_GAP_MS),
      );
      sessionsByZone.set(timeZone, sessions);
    }
    return sessions;
  };

  const keyOf = (groupBy: StatisticsGroupBy, battery: StatisticsBattery) =>
    groupBy === 'organization'
      ? 'organization'
      : groupBy === 'group'
        ? String(battery.groupId ?? UNGROUPED)
        : battery.serialNumber;

  function expected(
    type: StatisticsType,
    groupBy: StatisticsGroupBy,
    granularity: StatisticsGranularity,
    timeZone: string,
    [first, last]: [string, string],
  ) {
    const periods: string[] = [];
    for (let date = first; date <= last; date = nextDate(date)) {
      const period = referencePeriod(date, granularity);
      if (!periods.includes(period)) periods.push(period);
    }
    const keys = [...new Set(batteries.map((b) => keyOf(groupBy, b)))];
    const inRange = (date: string) => date >= first && date <= last;
    const values = (key: string) => {
      const members = batteries.filter((battery) => keyOf(groupBy, battery) === key);
      return periods.map((period) => {
        const dateInPeriod = (date: string) => inRange(date) && referencePeriod(date, granularity) === period;
        if (type === 'startsoc') {
          const serials = new Set(members.map((battery) => battery.serialNumber));
          const socs = sessionsFor(timeZone)
            .filter((session) => serials.has(session.serial) && dateInPeriod(session.date))
            .map((session) => session.startSoc);
          return startSocFigures(socs);
        }
        const sum: ReferenceDay = { chargedUkwh: 0, dischargedUkwh: 0, operatingMs: 0, lowSocMs: 0 };
        for (const battery of members) {
          for (const [date, day] of referenceFor(timeZone).get(battery.serialNumber) ?? []) {
            if (!dateInPeriod(date)) continue;
            sum.chargedUkwh += day.chargedUkwh;
            sum.dischargedUkwh += day.dischargedUkwh;
            sum.operatingMs += day.operatingMs;
            sum.lowSocMs += day.lowSocMs;
          }
        }
        return energyFigures(sum);
      });
    };
    return {
      periods,
      series: keys.map((key) => {
        const perPeriod = values(key);
        return {
          key,
          values: Object.fromEntries(
            STATISTICS_METRICS[type].map((metric) => [metric, perPeriod.map((figures) => figures[metric] ?? null)]),
          ),
        };
      }),
    };
  }

  const query = (timeZone: string, [first, last]: [string, string]) =>
    `operatingSiteId=${siteId}&timeZone=${encodeURIComponent(timeZone)}` +
    `&from=${encodeURIComponent(startOf(first, timeZone))}&to=${encodeURIComponent(startOf(nextDate(last), timeZone))}`;

  it.each(ZONES)(
    'answers every type, grouping and granularity exactly in %s',
    async (timeZone) => {
      for (const range of RANGES) {
        for (const type of STATISTICS_TYPES) {
          for (const groupBy of STATISTICS_GROUP_BY) {
            for (const granularity of STATISTICS_GRANULARITIES) {
              const selection =
                groupBy === 'group'
                  ? `&groupIds=${[...new Set(batteries.map((b) => keyOf(groupBy, b)))].join(',')}`
                  : groupBy === 'serial'
                    ? `&serials=${batteries.map((b) => b.serialNumber).join(',')}`
                    : '';
              const response = await t.request({
                url: `/api/v2/Statistics?${query(timeZone, range)}&type=${type}&groupBy=${groupBy}&granularity=${granularity}${selection}`,
                cookie: admin,
              });
              expect(response.statusCode, response.body).toBe(200);
              // The answer is written as JSON text: it must still be the document the schema describes.
              const body = statisticsResponseSchema.parse(response.json());
              const want = expected(type, groupBy, granularity, timeZone, range);
              const context = `${timeZone} ${range.join('..')} ${type} ${groupBy} ${granularity}`;
              const inside = want.periods.map((period) => (period < range[0] ? range[0] : period));
              expect(body.periods, context).toEqual(inside);
              // Every figure as the JSON text writes it (exact decimals): a double's noise would show.
              const texts = figureTexts(response.body);
              const got = body.series.map(({ key }) => ({ key, values: texts.get(key) ?? {} }));
              expect(
                got.sort((a, b) => a.key.localeCompare(b.key)),
                context,
              ).toEqual(want.series.sort((a, b) => a.key.localeCompare(b.key)));
            }
          }
        }
      }
    },
    120_000,
  );

  it.each([
    ['Europe/Berlin', 'daily'],
    ['America/New_York', 'weekly'],
    ['UTC', 'monthly'],
  ] as [string, ExportResolution][])(
    'exports the same figures per battery and period (%s, %s)',
    async (timeZone, resolution) => {
      const range = RANGES[1] as [string, string];
      const response = await t.request({
        url: `/api/v2/Statistics/export?${query(timeZone, range)}&resolution=${resolution}&serials=all`,
        cookie: admin,
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [, ...rows] = parse(response.body.slice(1)) as string[][];
      const granularity = EXPORT_GRANULARITY[resolution];
      const want: string[][] = [];
      for (const battery of [...batteries].sort((a, b) => a.serialNumber.localeCompare(b.serialNumber))) {
        const sums = new Map<string, ReferenceDay>();
        for (const [date, day] of referenceFor(timeZone).get(battery.serialNumber) ?? []) {
          if (date < range[0] || date > range[1]) continue;
          const period = referencePeriod(date, granularity);
          const sum = sums.get(period) ?? { chargedUkwh: 0, dischargedUkwh: 0, operatingMs: 0, lowSocMs: 0 };
          sum.chargedUkwh += day.chargedUkwh;
          sum.dischargedUkwh += day.dischargedUkwh;
          sum.operatingMs += day.operatingMs;
          sums.set(period, sum);
        }
        for (const [period, sum] of [...sums].sort(([a], [b]) => a.localeCompare(b))) {
          // A week or month is labelled from its first day inside the range; figures are exact, rounded half up.
          want.push([
            battery.serialNumber,
            granularity !== 'day' && period < range[0] ? range[0] : period,
            hoursText(sum.operatingMs, 2),
            kwhText(sum.chargedUkwh, 3),
            kwhText(sum.dischargedUkwh, 3),
            co2KgText(sum.chargedUkwh, 3),
          ]);
        }
      }
      const toIsoPeriod = (label: string) => {
        const [month, day, year] = (label.split(' – ')[0] ?? '').split('-');
        return year === undefined ? `${day}-${month}-01` : `${year}-${month}-${day}`;
      };
      expect(rows.map((row) => [row[0], toIsoPeriod(row[3] ?? ''), ...row.slice(4)])).toEqual(want);
    },
  );
});
