import { seededRandom } from '@cbm/demo-fixtures/random';
import type { Database } from '../../../db/database';
import type { BatteryState } from '../../battery-days/attribution';
import type { ReportSample } from '../report-csv';
import { storeSamples } from './report-test-data';

/**
 * Test fleet of the cross-view test: irregular raw samples of a few batteries, stored through the
 * ingestion repository and both roll-up listeners. Windows (local dates, inclusive) cross a year end,
 * the US spring change, the EU spring change and a month end, the EU and US autumn changes and a month end.
 */
export const WINDOWS: [first: string, last: string][] = [
  ['2025-12-29', '2026-01-04'],
  ['2026-03-07', '2026-03-09'],
  ['2026-03-28', '2026-04-02'],
  ['2026-10-23', '2026-11-03'],
];

const DAY_MS = 86_400_000;
const MARGIN_MS = 12 * 3_600_000;
const STATES: BatteryState[] = ['discharging', 'standby', 'charging', 'idle', 'discharging', 'error'];

/**
 * One battery's samples over the windows (12 hours beyond each, so every zone's local days are covered):
 * steps of 9–14 minutes at odd milliseconds, gaps of 20 minutes to 5 hours (some across midnight), every
 * state, SoC across the 20 % line, and a counter reset.
 */
export function fleetSamples(serialNumber: string, seed: number): ReportSample[] {
  const generator = seededRandom(seed);
  const random = () => generator.next();
  const samples: ReportSample[] = [];
  let charged = 5_000_000_000 + seed * 1_000_003;
  let discharged = 4_000_000_000 + seed * 700_001;
  let soc = 60;
  let phase = 0;
  let phaseLeft = 10;
  for (const [first, last] of WINDOWS) {
    const end = Date.parse(`${last}T00:00:00Z`) + DAY_MS + MARGIN_MS;
    for (let ts = Date.parse(`${first}T00:00:00Z`) - MARGIN_MS + seed * 1_237; ts < end; ) {
      const state = STATES[phase % STATES.length] as BatteryState;
      samples.push(sample(serialNumber, ts, state, soc, charged / 1e6, discharged / 1e6));
      const stepUkwh = Math.floor(random() * 600_000);
      if (state === 'charging') {
        charged += stepUkwh;
        soc = Math.min(100, soc + 4 + random() * 4);
      } else if (state === 'discharging') {
        discharged += stepUkwh;
        if (random() < 0.1) charged += Math.floor(stepUkwh / 5);
        soc = Math.max(2, soc - 2 - random() * 3);
      }
      if (random() < 0.0005) charged = Math.floor(random() * 1_000_000);
      if (--phaseLeft <= 0) {
        phase += 1;
        phaseLeft = 3 + Math.floor(random() * 20);
      }
      const gap = random() < 0.008 ? 20 * 60_000 + Math.floor(random() * 280 * 60_000) : 0;
      ts += 9 * 60_000 + Math.floor(random() * 5 * 60_000) + 1 + gap;
    }
  }
  return samples;
}

function sample(
  serialNumber: string,
  ts: number,
  state: BatteryState,
  soc: number,
  chargedKwh: number,
  dischargedKwh: number,
): ReportSample {
  return {
    serialNumber,
    ts,
    state,
    soc: Math.round(soc * 10) / 10,
    soh: 97.5,
    stackVoltage: 51.2,
    current: state === 'charging' ? 60 : state === 'discharging' ? -40 : 0,
    minCellVoltage: 3.2,
    maxCellVoltage: 3.3,
    minCellTemperature: 20,
    maxCellTemperature: 26,
    boardTemperature: null,
    chargerSerial: state === 'charging' ? 'CH-X' : null,
    totalEnergyChargedKwh: chargedKwh,
    totalEnergyDischargedKwh: dischargedKwh,
    totalChargingHours: 0,
    totalDischargingHours: 0,
    totalStandbyHours: 0,
  };
}

/** Gives each site its zone, clears the sites' stored data and stores the batteries' samples in batches. */
export async function storeFleet(
  db: Database,
  sites: { siteId: number; timeZone: string; serials: string[] }[],
): Promise<void> {
  const siteIds = sites.map((site) => site.siteId);
  for (const table of ['battery_day', 'battery_hour', 'charge_session', 'battery_sample']) {
    await db.query(`DELETE FROM ${table} WHERE operating_site_id = ANY($1::int[])`, [siteIds]);
  }
  await db.query(
    'DELETE FROM rollup_cursor WHERE battery_serial_number IN (SELECT serial_number FROM battery WHERE operating_site_id = ANY($1::int[]))',
    [siteIds],
  );
  let seed = 1;
  for (const { siteId, timeZone, serials } of sites) {
    await db.query('UPDATE operating_site SET timezone = $2 WHERE id = $1', [siteId, timeZone]);
    for (const serial of serials) {
      const samples = fleetSamples(serial, seed++);
      for (let n = 0; n < samples.length; n += 2500) await storeSamples(db, siteId, samples.slice(n, n + 2500));
    }
  }
}
