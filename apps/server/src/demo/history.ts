import { seededRandom, seedFrom } from '@cbm/demo-fixtures/random';
import type { Database, Queryable } from '../db/database';
import { careHourRepository } from '../modules/battery-care/care-hour-repository';
import { careHours } from '../modules/battery-care/care-hours';
import { DEFAULT_MAX_GAP_MS, type RollupOptions, rollUpBattery } from '../modules/battery-days/attribution';
import { hourRepository } from '../modules/battery-days/hour-repository';
import { hourTotals } from '../modules/battery-days/hour-rollup';
import { localDays } from '../modules/battery-days/local-days';
import { rollupRepository } from '../modules/battery-days/rollup-repository';
import { insertDeviceEvents, preparePartitions } from '../modules/device-ingestion/device-history';
import type { EventRecord } from '../modules/device-ingestion/event-listener';
import type { DemoFleet, FleetSite } from './demo-fleet';
import {
  type BatterySeries,
  generateSeries,
  HISTORY_STEP_MS,
  type HistoryEvent,
  type HistorySite,
} from './history-series';
import { insertUnitSamples, unitHistory } from './history-stations';

const DAY_MS = 86_400_000;
const BATTERIES_PER_WRITE = 25;

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
 * samples follow from the batteries charging on their stations' chargers. Raw battery samples are not stored: the
 * care counters are kept per hour (decision 141), as retention keeps them for the months it drops.
 */
export async function seedDemoHistory(
  db: Queryable,
  fleet: DemoFleet,
  sites: FleetSite[],
  options: HistoryOptions,
): Promise<void> {
  const rollups = rollupRepository(db);
  const hours = hourRepository(db);
  const care = careHourRepository(db);
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
  const units = fleet.mdloadUnits.map((unit) => unitHistory(unit, { from, to: options.now.getTime() }));
  const batteries = fleet.batteries.flatMap((battery) => {
    const site = historySites.get(battery.siteId);
    return site ? [{ battery, site }] : [];
  });
  // Written a few batteries at a time: holding every battery's hours until the end made the demo's start peak at
  // 2.4 GB instead of 1.4 GB, and garbage collection took a sixth of the seeding's time.
  for (let offset = 0; offset < batteries.length; offset += BATTERIES_PER_WRITE) {
    const histories = batteries.slice(offset, offset + BATTERIES_PER_WRITE).map(({ battery, site }) => {
      const random = seededRandom(options.seed ^ seedFrom(battery.serialNumber));
      const series = generateSeries(battery, site, from, Date.parse(battery.lastDataTimestamp), random);
      for (const unit of units) if (unit.siteId === battery.siteId) unit.addBattery(series.points);
      return batteryHistory(battery, series, rollupOptions);
    });
    await rollups.apply(histories.flatMap((history) => history.rollup ?? []));
    await hours.insertNew(histories.flatMap((history) => history.hours));
    await care.put(histories.flatMap((history) => history.care));
    await insertDeviceEvents(
      db,
      histories.flatMap((history) => history.events),
    );
  }
  // Meters of units that have run for a few years (about 100 MWh a year).
  for (const [n, unit] of units.entries()) await insertUnitSamples(db, unit.samples(250_000 + 37_500 * n));
}

/** One battery's day, hour and care roll-ups and its events, from its generated series. */
function batteryHistory(
  battery: { serialNumber: string; siteId: number },
  series: BatterySeries,
  rollupOptions: RollupOptions,
) {
  const { serialNumber, siteId } = battery;
  const rollup = rollUpBattery(serialNumber, undefined, series.points, rollupOptions);
  const hours = hourTotals(serialNumber, undefined, series.points);
  const care = careHours(serialNumber, siteId, series.points, 0, Number.MAX_SAFE_INTEGER);
  const sorted = series.events.toSorted((a, b) => a.event.ts.localeCompare(b.event.ts));
  // Small sequence numbers: the simulator numbers its events from the time it starts.
  const events = sorted.map((entry, n) => toEventRecord(entry, n + 1));
  return { rollup, hours, care, events };
}

/** A history event as ingestion hands it to its event listeners. */
export function toEventRecord({ serialNumber, operatingSiteId, event }: HistoryEvent, seq: number): EventRecord {
  return { deviceClass: 'battery', serialNumber, operatingSiteId, ts: new Date(event.ts), event: { ...event, seq } };
}
