import type { BatteryTelemetry, DeviceEvent } from '@cbm/contracts/device-protocol';
import { strToU8, zipSync } from 'fflate';

const SAMPLE_COLUMNS = [
  'ts',
  'state',
  'soc',
  'soh',
  'stackVoltage',
  'current',
  'minCellVoltage',
  'maxCellVoltage',
  'minCellTemperature',
  'maxCellTemperature',
  'chargerSerial',
  'totalEnergyChargedKwh',
  'totalEnergyDischargedKwh',
] as const satisfies readonly (keyof BatteryTelemetry)[];

const EVENT_COLUMNS = [
  'ts',
  'seq',
  'type',
  'code',
  'description',
  'active',
] as const satisfies readonly (keyof DeviceEvent)[];

const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",;\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

function csv<T>(columns: readonly (keyof T & string)[], rows: readonly T[]): string {
  const lines = rows.map((row) => columns.map((column) => cell(row[column])).join(';'));
  return `${[columns.join(';'), ...lines].join('\n')}\n`;
}

/** The log files of a datalog: recent samples and events as CSV, keyed by file name. */
export function datalogFiles(
  serial: string,
  samples: readonly BatteryTelemetry[],
  events: readonly DeviceEvent[],
): Record<string, string> {
  return {
    [`${serial}-samples.csv`]: csv(SAMPLE_COLUMNS, samples),
    [`${serial}-events.csv`]: csv(EVENT_COLUMNS, events),
  };
}

/** Packs the files into a zip archive. */
export function zipFiles(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
}

/** PUTs the zip to the upload URL; returns why it failed, or null. */
export async function uploadDatalog(uploadUrl: string, zip: Uint8Array): Promise<string | null> {
  try {
    const response = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/zip' },
      body: zip,
    });
    return response.ok ? null : `upload failed: HTTP ${response.status}`;
  } catch (error) {
    return `upload failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
