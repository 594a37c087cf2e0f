import { setImmediate } from 'node:timers/promises';
import { BATTERY_STATES } from '@cbm/contracts/device-protocol';
import {
  REPORT_CSV_COLUMNS,
  REPORT_CSV_MAX_CELL,
  REPORT_CSV_MAX_LINE,
  REPORT_CSV_MAX_ROWS,
  type ReportCsvColumn,
} from '@cbm/contracts/reports';
import { CsvError, type Parser, parse } from 'csv-parse';
import type { MessageKey } from '../../i18n/messages';
import type { BatteryState } from '../battery-days/attribution';
import type { ReportSample } from './report-csv';
import { parseDecimal } from './report-csv-number';

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
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
const STATES = new Set<string>(BATTERY_STATES);
const CHUNK_BYTES = 16 * 1024;
const LF = 0x0a;
const COMMA = 0x2c;
const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/** The bytes of an upload as they arrive, or all of them at once. */
export type CsvSource = Uint8Array | AsyncIterable<Uint8Array>;

/**
 * Reads an uploaded datalog (docs/reports.md) and yields its samples in batches, in time order.
 * Anything else in the file ends with a ReportCsvError naming the line. Lines, values and samples are bounded
 * (REPORT_CSV_MAX_LINE, REPORT_CSV_MAX_CELL, REPORT_CSV_MAX_ROWS), every check is linear, and the event loop gets
 * a turn after every 16 KiB, so a hostile file costs time in proportion to its size and stalls no other request.
 */
export async function* parseReportCsv(
  source: CsvSource,
  batchSize = 5000,
  maxRows = REPORT_CSV_MAX_ROWS,
): AsyncGenerator<ReportSample[]> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    info: true,
    skip_empty_lines: true,
    max_record_size: REPORT_CSV_MAX_LINE,
  });
  const feeding = feed(parser, source).catch((error: unknown) => parser.destroy(error as Error));
  let header = true;
  let rows = 0;
  let previous: ReportSample | undefined;
  let batch: ReportSample[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header) {
        checkHeader(record);
        header = false;
        continue;
      }
      rows += 1;
      if (rows > maxRows) throw new ReportCsvError('errors.reportCsvTooManyRows', { max: maxRows });
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
    throw csvError(error);
  } finally {
    await feeding;
  }
  if (header) throw new ReportCsvError('errors.reportCsvHeader', { columns: REPORT_CSV_COLUMNS.join(',') });
  if (!previous) throw new ReportCsvError('errors.reportCsvEmpty', {});
  if (batch.length > 0) yield batch;
}

/** Writes the source in 16 KiB pieces, waiting for the reader, and lets timers and I/O run between pieces. */
async function feed(parser: Parser, source: CsvSource): Promise<void> {
  const chunks = source instanceof Uint8Array ? [source] : source;
  const checkSeparators = separatorGuard();
  for await (const chunk of chunks) {
    for (let offset = 0; offset < chunk.length; offset += CHUNK_BYTES) {
      if (parser.destroyed) return;
      const piece = chunk.subarray(offset, offset + CHUNK_BYTES);
      checkSeparators(piece);
      if (!parser.write(piece)) await drained(parser);
      await setImmediate();
    }
  }
  if (!parser.destroyed) parser.end();
}

/**
 * csv-parse bounds a line by the characters of its values only, so a line of bare commas would become an array of
 * millions of empty values; more commas on one line than the longest valid line can hold end the upload early.
 */
function separatorGuard() {
  const maxCommas = REPORT_CSV_MAX_LINE + REPORT_CSV_COLUMNS.length;
  let line = 1;
  let commas = 0;
  return (piece: Uint8Array) => {
    for (let at = 0; at < piece.length; at += 1) {
      if (piece[at] === LF) {
        line += 1;
        commas = 0;
      } else if (piece[at] === COMMA && ++commas > maxCommas) {
        throw new ReportCsvError('errors.reportCsvLineTooLong', { line, max: REPORT_CSV_MAX_LINE });
      }
    }
  };
}

function drained(parser: Parser): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off('drain', done).off('close', done);
      resolve();
    };
    parser.on('drain', done).on('close', done);
  });
}

function csvError(error: unknown): unknown {
  if (!(error instanceof CsvError)) return error;
  const line = (error as CsvError & { lines: number }).lines;
  if (error.code === 'CSV_MAX_RECORD_SIZE') {
    return new ReportCsvError('errors.reportCsvLineTooLong', { line, max: REPORT_CSV_MAX_LINE });
  }
  return new ReportCsvError('errors.reportCsvMalformed', { line });
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
  const long = record.findIndex((cell) => cell.length > REPORT_CSV_MAX_CELL);
  if (long >= 0) {
    throw new ReportCsvError('errors.reportCsvText', {
      line,
      column: REPORT_CSV_COLUMNS[long] as string,
      max: REPORT_CSV_MAX_CELL,
    });
  }
  const value = (column: ReportCsvColumn) => record[REPORT_CSV_COLUMNS.indexOf(column)] as string;
  const text = (column: 'serialNumber' | 'chargerSerial') => value(column).trim();
  const number = (column: NumberColumn): number => {
    const raw = value(column).trim();
    const parsed = parseDecimal(raw);
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
