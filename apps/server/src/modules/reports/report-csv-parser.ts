import { BATTERY_STATES } from '@cbm/contracts/device-protocol';
import { REPORT_CSV_COLUMNS, type ReportCsvColumn } from '@cbm/contracts/reports';
import { CsvError, parse } from 'csv-parse';
import type { MessageKey } from '../../i18n/messages';
import type { BatteryState } from '../rollups/attribution';
import type { ReportSample } from './report-csv';

/** What is wrong with an uploaded datalog, with the line it is on (1 is the header). */
export class ReportCsvError extends Error {
  constructor(
    readonly messageKey: MessageKey,
    readonly values: Record<string, string | number>,
  ) {
    super(messageKey);
  }
}

type NumberColumn = Exclude<ReportCsvColumn, 'serialNumber' | 'timestamp' | 'state' | 'chargerSerial'>;
const RANGES: Partial<Record<NumberColumn, [number, number]>> = {
  soc: [0, 100],
  soh: [0, 100],
  totalEnergyChargedKwh: [0, 1e12],
  totalEnergyDischargedKwh: [0, 1e12],
};
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
const STATES = new Set<string>(BATTERY_STATES);
const CHUNK_BYTES = 64 * 1024;
const MAX_TEXT = 100;
const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * Reads an uploaded datalog (docs/reports.md) and yields its samples in batches, in time order.
 * Anything else in the file ends with a ReportCsvError naming the line.
 */
export async function* parseReportCsv(data: Uint8Array, batchSize = 5000): AsyncGenerator<ReportSample[]> {
  const parser = parse({ bom: true, relax_column_count: true, info: true, skip_empty_lines: true });
  const feed = async () => {
    for (let offset = 0; offset < data.length && !parser.destroyed; offset += CHUNK_BYTES) {
      if (!parser.write(data.subarray(offset, offset + CHUNK_BYTES))) {
        await new Promise((resolve) => {
          parser.once('drain', resolve);
          parser.once('close', resolve);
        });
      }
    }
    if (!parser.destroyed) parser.end();
  };
  const feeding = feed().catch(() => undefined);
  let header = true;
  let previous: ReportSample | undefined;
  let batch: ReportSample[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header) {
        checkHeader(record);
        header = false;
        continue;
      }
      const sample = toSample(record, info.lines, previous);
      previous = sample;
      batch.push(sample);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof CsvError) {
      throw new ReportCsvError('errors.reportCsvMalformed', { line: (error as CsvError & { lines: number }).lines });
    }
    throw error;
  } finally {
    await feeding;
  }
  if (header) throw new ReportCsvError('errors.reportCsvHeader', { columns: REPORT_CSV_COLUMNS.join(',') });
  if (!previous) throw new ReportCsvError('errors.reportCsvEmpty', {});
  if (batch.length > 0) yield batch;
}

function checkHeader(record: string[]): void {
  const same = record.length === REPORT_CSV_COLUMNS.length && record.every((name, n) => name === REPORT_CSV_COLUMNS[n]);
  if (!same) throw new ReportCsvError('errors.reportCsvHeader', { columns: REPORT_CSV_COLUMNS.join(',') });
}

function toSample(record: string[], line: number, previous: ReportSample | undefined): ReportSample {
  if (record.length !== REPORT_CSV_COLUMNS.length) {
    throw new ReportCsvError('errors.reportCsvColumnCount', {
      line,
      expected: REPORT_CSV_COLUMNS.length,
      found: record.length,
    });
  }
  const value = (column: ReportCsvColumn) => record[REPORT_CSV_COLUMNS.indexOf(column)] as string;
  const text = (column: 'serialNumber' | 'chargerSerial') => {
    const raw = value(column).trim();
    if (raw.length > MAX_TEXT) throw new ReportCsvError('errors.reportCsvText', { line, column, max: MAX_TEXT });
    return raw;
  };
  const number = (column: NumberColumn): number => {
    const raw = value(column).trim();
    const parsed = NUMBER.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isFinite(parsed)) {
      throw new ReportCsvError('errors.reportCsvNumber', { line, column, value: shown(raw) });
    }
    const [min, max] = RANGES[column] ?? [-1e12, 1e12];
    if (parsed < min || parsed > max) throw new ReportCsvError('errors.reportCsvRange', { line, column, min, max });
    return parsed;
  };

  const serialNumber = text('serialNumber');
  if (serialNumber === '') throw new ReportCsvError('errors.reportCsvSerialMissing', { line });
  if (previous && serialNumber !== previous.serialNumber) {
    throw new ReportCsvError('errors.reportCsvSerial', {
      line,
      serial: shown(serialNumber),
      first: previous.serialNumber,
    });
  }
  const timestamp = value('timestamp').trim();
  const ts = TIMESTAMP.test(timestamp) ? Date.parse(timestamp) : Number.NaN;
  if (!Number.isFinite(ts)) throw new ReportCsvError('errors.reportCsvTimestamp', { line, value: shown(timestamp) });
  if (previous && ts <= previous.ts) throw new ReportCsvError('errors.reportCsvOrder', { line });
  const state = value('state').trim();
  if (!STATES.has(state)) {
    throw new ReportCsvError('errors.reportCsvState', { line, value: shown(state), states: BATTERY_STATES.join(', ') });
  }
  const chargerSerial = text('chargerSerial');
  return {
    serialNumber,
    ts,
    state: state as BatteryState,
    soc: number('soc'),
    soh: number('soh'),
    stackVoltage: number('stackVoltage'),
    current: number('current'),
    minCellVoltage: number('minCellVoltage'),
    maxCellVoltage: number('maxCellVoltage'),
    minCellTemperature: number('minCellTemperature'),
    maxCellTemperature: number('maxCellTemperature'),
    boardTemperature: value('boardTemperature').trim() === '' ? null : number('boardTemperature'),
    chargerSerial: chargerSerial === '' ? null : chargerSerial,
    totalEnergyChargedKwh: number('totalEnergyChargedKwh'),
    totalEnergyDischargedKwh: number('totalEnergyDischargedKwh'),
    totalChargingHours: number('totalChargingHours'),
    totalDischargingHours: number('totalDischargingHours'),
    totalStandbyHours: number('totalStandbyHours'),
  };
}
