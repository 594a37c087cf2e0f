import { execFile } from 'node:child_process';
import type { Database } from '../../../db/database';
import { rollupListener } from '../../battery-days/rollup-listener';
import { insertBatterySamples, preparePartitions } from '../../device-ingestion/device-history';
import type { ReportSample } from '../report-csv';

const STEP_MS = 10 * 60_000;

/**
 * Ten-minute samples of one battery over [fromMs, toMs): 8-hour cycles of 5 h driving, 1 h standby and
 * 2 h charging, with a 40-minute outage at `gapAt` (counted offline) and a charging start SoC that varies.
 */
export function generateSamples(serialNumber: string, fromMs: number, toMs: number, gapAt: number): ReportSample[] {
  const samples: ReportSample[] = [];
  let soc = 80;
  let charged = 1000;
  let discharged = 900;
  for (let ts = fromMs, n = 0; ts < toMs; ts += STEP_MS, n++) {
    if (ts >= gapAt && ts < gapAt + 40 * 60_000) continue;
    const step = n % 48;
    const state = step < 30 ? 'discharging' : step < 36 ? 'standby' : 'charging';
    samples.push({
      serialNumber,
      ts,
      state,
      soc,
      soh: 96.5,
      stackVoltage: 51.2,
      current: state === 'charging' ? 60 : state === 'discharging' ? -40 : 0,
      minCellVoltage: 3.21,
      maxCellVoltage: 3.34,
      minCellTemperature: 19.5,
      maxCellTemperature: 27,
      boardTemperature: n % 7 === 0 ? null : 31.5,
      chargerSerial: state === 'charging' ? 'CHG-TEST-1' : null,
      totalEnergyChargedKwh: charged,
      totalEnergyDischargedKwh: discharged,
      totalChargingHours: 100,
      totalDischargingHours: 200,
      totalStandbyHours: 50,
    });
    if (state === 'discharging') {
      soc = Math.max(3, soc - 2.5 - (n % 3));
      discharged += 1.234567;
    } else if (state === 'charging') {
      soc = Math.min(100, soc + 6);
      charged += 3.456789;
    }
  }
  return samples;
}

/** Stores the samples the way ingestion does: raw rows plus the roll-up listeners in one transaction. */
export async function storeSamples(db: Database, siteId: number, samples: readonly ReportSample[]): Promise<void> {
  await preparePartitions(
    db,
    samples.map((sample) => new Date(sample.ts)),
  );
  const stored = samples.map((sample, n) => ({
    ...sample,
    ts: new Date(sample.ts),
    seq: n + 1,
    operatingSiteId: siteId,
    boardTemperature: sample.boardTemperature ?? undefined,
    chargerSerial: sample.chargerSerial ?? undefined,
  }));
  await db.transaction(async (tx) => {
    await insertBatterySamples(tx, stored);
    await rollupListener(tx, stored);
  });
}

/** The text of a PDF as poppler's pdftotext lays it out. */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-', '-'], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
    child.stdin?.end(pdf);
  });
}
