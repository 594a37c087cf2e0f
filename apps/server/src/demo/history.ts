import type { Database, Queryable } from '../db/database';
import { type EventRecord, eventRepository } from '../modules/devices/event-repository';
import { monthOf, partitionRepository } from '../modules/devices/partition-repository';
import { type DayTotals, DEFAULT_MAX_GAP_MS, type RollupResult, rollUpBattery } from '../modules/rollups/attribution';
import { localDays } from '../modules/rollups/local-days';
import { rollupRepository } from '../modules/rollups/rollup-repository';
import { hourRepository } from '../modules/statistics/hour-repository';
import { hourTotals } from '../modules/statistics/hour-rollup';
import type { DemoFleet, FleetSite } from './demo-fleet';
import { generateSeries, HISTORY_STEP_MS, type HistoryEvent, type HistorySite } from './history-series';
import { seededRandom } from './random';

const DAY_MS = 86_400_000;

const historyStart = (now: Date, days: number) =>
  Math.floor((now.getTime() - days * DAY_MS) / HISTORY_STEP_MS) * HISTORY_STEP_MS;

/** Creates the monthly partitions the history's events go to; outside the seeding transaction. */
export async function prepareHistoryPartitions(db: Database, now: Date, days: number): Promise<void> {
  const months = new Set<string>();
  for (let ts = historyStart(now, days); ts < now.getTime() + DAY_MS; ts += DAY_MS) months.add(monthOf(new Date(ts)));
  await partitionRepository(db).ensureMonths([...months]);
}

/** What `npm start` generates: enough for statistics and reports to show a quarter. */
export const DEMO_HISTORY_DAYS = 90;
/** Days of the history that also get hour rows, so statistics in a zone other than the site's have data. */
export const DEMO_HOUR_DAYS = 14;

export interface HistoryOptions {
  now: Date;
  days: number;
  seed: number;
}

/**
 * The demo fleet's past: a coarse sample series per battery run through the roll-up logic, so that
 * charge sessions, day rows and the cursors live ingestion continues from agree with each other;
 * warnings and errors go to the event table. Raw samples are not stored.
 */
export async function seedDemoHistory(
  db: Queryable,
  fleet: DemoFleet,
  sites: FleetSite[],
  options: HistoryOptions,
): Promise<void> {
  const rollups = rollupRepository(db);
  const zones = await rollups.siteTimeZones(sites.map((site) => site.id));
  const historySites = new Map(
    sites.map((site): [number, HistorySite] => [
      site.id,
      {
        id: site.id,
        timeZone: zones.get(site.id) ?? '',
        shifts: site.index % 3 === 0 ? 2 : 3,
        chargerSerials: fleet.chargers.filter((c) => c.siteId === site.id).map((c) => c.serialNumber),
      },
    ]),
  );
  const rollupOptions = {
    maxGapMs: DEFAULT_MAX_GAP_MS,
    zoneOf: (siteId: number) => localDays(zones.get(siteId) ?? ''),
  };
  const from = historyStart(options.now, options.days);
  const results: RollupResult[] = [];
  const hours: DayTotals[] = [];
  const hoursFrom = new Date(options.now.getTime() - DEMO_HOUR_DAYS * DAY_MS).toISOString();
  const events: EventRecord[] = [];
  for (const battery of fleet.batteries) {
    const site = historySites.get(battery.siteId);
    if (!site) continue;
    const random = seededRandom(options.seed ^ hash(battery.serialNumber));
    const series = generateSeries(battery, site, from, Date.parse(battery.lastDataTimestamp), random);
    const result = rollUpBattery(battery.serialNumber, undefined, series.points, rollupOptions);
    if (result) results.push(result);
    // Hour rows (foreign time zones, docs/decisions/014) only for the last days: 24 rows a day would slow the seed.
    hours.push(...hourTotals(battery.serialNumber, undefined, series.points).filter((h) => h.date >= hoursFrom));
    series.events.sort((a, b) => a.event.ts.localeCompare(b.event.ts));
    // Small sequence numbers: the simulator numbers its events from the time it starts.
    events.push(...series.events.map((entry, n) => toEventRecord(entry, n + 1)));
  }
  await rollups.apply(results);
  await hourRepository(db).add(hours);
  await eventRepository(db).insertEvents(events);
}

function toEventRecord({ serialNumber, operatingSiteId, event }: HistoryEvent, seq: number): EventRecord {
  return { deviceClass: 'battery', serialNumber, operatingSiteId, ts: new Date(event.ts), event: { ...event, seq } };
}

/** FNV-1a: a stable per-battery seed, so one battery's history does not depend on the others. */
function hash(text: string): number {
  let value = 2_166_136_261;
  for (let n = 0; n < text.length; n++) value = Math.imul(value ^ text.charCodeAt(n), 16_777_619);
  return value >>> 0;
}
