import { seededRandom, seedFrom } from '@cbm/demo-fixtures/random';
import type { Database, Queryable } from '../db/database';
import { DEFAULT_MAX_GAP_MS, type RollupResult, rollUpBattery } from '../modules/battery-days/attribution';
import { type HourTotals, hourRepository } from '../modules/battery-days/hour-repository';
import { hourTotals } from '../modules/battery-days/hour-rollup';
import { localDays } from '../modules/battery-days/local-days';
import { rollupRepository } from '../modules/battery-days/rollup-repository';
import { insertDeviceEvents, preparePartitions } from '../modules/device-ingestion/device-history';
import type { EventRecord } from '../modules/device-ingestion/event-listener';
import type { DemoFleet, FleetSite } from './demo-fleet';
import { generateSeries, HISTORY_STEP_MS, type HistoryEvent, type HistorySite } from './history-series';
import { insertUnitSamples, unitHistory } from './history-stations';

const DAY_MS = 86_400_000;

const historyStart = (now: Date, days: number) =>
  Math.floor((now.getTime() - days * DAY_MS) / HISTORY_STEP_MS) * HISTORY_STEP_MS;

/** Creates the monthly partitions the history's events go to; outside the seeding transaction. */
export async function prepareHistoryPartitions(db: Database, now: Date, days: number): Promise<void> {
  const times: Date[] = [];
  for (let ts = historyStart(now, days); ts < now.getTime() + DAY_MS; ts += DAY_MS) times.push(new Date(ts));
  await preparePartitions(db, times);
}

/** What `npm start` generates: enough for statistics and reports to show a quarter. */
export const DEMO_HISTORY_DAYS = 90;

export interface HistoryOptions {
  now: Date;
  days: number;
  seed: number;
}

/**
 * The demo fleet's past: a coarse sample series per battery run through the roll-up logic, so that
 * charge sessions, day and hour rows and the cursors live ingestion continues from agree with each other;
 * warnings and errors (with the battery's readings) go to the event table, and the charger-station units'
 * samples follow from the batteries charging on their stations' chargers. Raw battery samples are not stored.
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
  const hours: HourTotals[] = [];
  const events: EventRecord[] = [];
  const units = fleet.mdloadUnits.map((unit) => unitHistory(unit, { from, to: options.now.getTime() }));
  for (const battery of fleet.batteries) {
    const site = historySites.get(battery.siteId);
    if (!site) continue;
    const random = seededRandom(options.seed ^ seedFrom(battery.serialNumber));
    const series = generateSeries(battery, site, from, Date.parse(battery.lastDataTimestamp), random);
    const result = rollUpBattery(battery.serialNumber, undefined, series.points, rollupOptions);
    if (result) results.push(result);
    for (const unit of units) if (unit.siteId === battery.siteId) unit.addBattery(series.points);
    for (const hour of hourTotals(battery.serialNumber, undefined, series.points)) hours.push(hour);
    series.events.sort((a, b) => a.event.ts.localeCompare(b.event.ts));
    // Small sequence numbers: the simulator numbers its events from the time it starts.
    events.push(...series.events.map((entry, n) => toEventRecord(entry, n + 1)));
  }
  await rollups.apply(results);
  await hourRepository(db).insertNew(hours);
  await insertDeviceEvents(db, events);
  // Meters of units that have run for a few years (about 100 MWh a year).
  for (const [n, unit] of units.entries()) await insertUnitSamples(db, unit.samples(250_000 + 37_500 * n));
}

/** A history event as ingestion hands it to its event listeners. */
export function toEventRecord({ serialNumber, operatingSiteId, event }: HistoryEvent, seq: number): EventRecord {
  return { deviceClass: 'battery', serialNumber, operatingSiteId, ts: new Date(event.ts), event: { ...event, seq } };
}
