import type { Queryable } from '../db/database';
import type { RollupPoint } from '../modules/battery-days/attribution';
import type { DemoMdloadUnit } from './demo-fleet';
import { HISTORY_STEP_MS } from './history-series';

const STEP_HOURS = HISTORY_STEP_MS / 3_600_000;

export interface UnitSampleRow {
  mdloadSerial: string;
  siteId: number;
  ts: number;
  seq: number;
  powerKw: number;
  totalEnergyKwh: number;
  stations: { serialNumber: string; state: 'idle' | 'charging'; powerKw: number }[];
}

/**
 * A unit's telemetry over the history, one sample per step from `from` through `to`: each station draws
 * what the batteries charging on its charger took in that step (their charged-counter increase over the
 * charging intervals, exactly the energy of their charge sessions, decision 006), the unit the sum of its
 * stations, and its meter counts it up. A station is charging while a battery charges on its charger.
 * Batteries are added one by one, so their series need not be kept.
 */
export function unitHistory(unit: DemoMdloadUnit, range: { from: number; to: number }) {
  const stations = unit.groups.flatMap((group) => group.stations);
  const stationOf = new Map(
    stations.flatMap((station, n) => (station.chargerSerial ? [[station.chargerSerial, n]] : [])),
  );
  const steps = Math.floor((range.to - range.from) / HISTORY_STEP_MS) + 1;
  const energy = stations.map(() => new Array<number>(steps).fill(0));
  const charging = stations.map(() => new Array<boolean>(steps).fill(false));
  return {
    siteId: unit.siteId,
    addBattery(points: readonly RollupPoint[]) {
      addCharging(points, stationOf, energy, charging, range.from);
    },
    samples(meterStartKwh: number): UnitSampleRow[] {
      const rows: UnitSampleRow[] = [];
      let meterUkwh = Math.round(meterStartKwh * 1_000_000);
      for (let step = 0; step < steps; step++) {
        const unitUkwh = energy.reduce((sum, perStep) => sum + (perStep[step] ?? 0), 0);
        rows.push({
          mdloadSerial: unit.mdloadSerial,
          siteId: unit.siteId,
          ts: range.from + step * HISTORY_STEP_MS,
          seq: step + 1,
          powerKw: powerKw(unitUkwh),
          totalEnergyKwh: meterUkwh / 1_000_000,
          stations: stations.map((station, n) => ({
            serialNumber: station.serialNumber,
            state: charging[n]?.[step] ? 'charging' : 'idle',
            powerKw: powerKw(energy[n]?.[step] ?? 0),
          })),
        });
        meterUkwh += unitUkwh;
      }
      return rows;
    },
  };
}

/** Average power over one step of this much energy, in kW to the watt. */
const powerKw = (ukwh: number) => Math.round(ukwh / STEP_HOURS / 1000) / 1000;

function addCharging(
  points: readonly RollupPoint[],
  stationOf: Map<string, number>,
  energy: number[][],
  charging: boolean[][],
  from: number,
): void {
  for (let n = 0; n + 1 < points.length; n++) {
    const point = points[n] as RollupPoint;
    const next = points[n + 1] as RollupPoint;
    const station = point.chargerSerial === null ? undefined : stationOf.get(point.chargerSerial);
    // Only a step without a gap: a gap ends the charge session (decision 006) and the battery was not seen.
    if (point.state !== 'charging' || station === undefined || next.ts - point.ts !== HISTORY_STEP_MS) continue;
    const step = (point.ts - from) / HISTORY_STEP_MS;
    const perStep = energy[station];
    const flags = charging[station];
    if (!perStep || !flags || step < 0 || step >= perStep.length) continue;
    perStep[step] = (perStep[step] ?? 0) + Math.max(0, next.chargedUkwh - point.chargedUkwh);
    flags[step] = true;
  }
}

/** Stores the units' history samples (typed arrays, one statement per unit). */
export async function insertUnitSamples(db: Queryable, rows: readonly UnitSampleRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO mdload_sample (mdload_serial, ts, seq, operating_site_id, power_kw, total_energy_kwh, stations)
     SELECT serial, to_timestamp(ts_ms / 1000.0), seq, site, power, meter, stations::jsonb
       FROM unnest($1::text[], $2::float8[], $3::int8[], $4::int[], $5::float8[], $6::float8[], $7::text[])
         AS r(serial, ts_ms, seq, site, power, meter, stations)`,
    [
      rows.map((row) => row.mdloadSerial),
      rows.map((row) => row.ts),
      rows.map((row) => row.seq),
      rows.map((row) => row.siteId),
      rows.map((row) => row.powerKw),
      rows.map((row) => row.totalEnergyKwh),
      rows.map((row) => JSON.stringify(row.stations)),
    ],
  );
}
