import { serialSchema } from '@cbm/contracts/device-protocol';
import {
  DEVICE_CSV_COLUMNS,
  DEVICE_CSV_MAX_ROWS,
  deviceClassSchema,
  deviceTypeSchema,
} from '@cbm/contracts/device-registry';
import { operatingSiteIdSchema } from '@cbm/contracts/sites';
import { CsvError, parse } from 'csv-parse/sync';
import type { MessageKey } from '../../i18n/messages';
import type { Registration } from './device-registry-service';

/** What is wrong with an uploaded device list, with the line it is on (1 is the header). */
export class DeviceCsvError extends Error {
  constructor(
    readonly messageKey: MessageKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(messageKey);
  }
}

function field<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }) {
  return (value: string | undefined, line: number, problem: MessageKey): T => {
    const parsed = schema.safeParse(value ?? '');
    if (!parsed.success) throw new DeviceCsvError(problem, { line });
    return parsed.data;
  };
}
const serial = field(serialSchema);
const deviceClass = field(deviceClassSchema);
const deviceType = field(deviceTypeSchema);
const site = field(operatingSiteIdSchema);

/** Reads `serial,class,type,site` lines (the file is bounded by the upload limit, the rows by DEVICE_CSV_MAX_ROWS). */
export function parseDeviceCsv(data: Uint8Array): Registration[] {
  let records: string[][];
  try {
    records = parse(Buffer.from(data), {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      to: DEVICE_CSV_MAX_ROWS + 2,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      throw new DeviceCsvError('errors.deviceCsvMalformed', { line: (error as CsvError & { lines: number }).lines });
    }
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || header.map((name) => name.toLowerCase()).join(',') !== DEVICE_CSV_COLUMNS.join(',')) {
    throw new DeviceCsvError('errors.deviceCsvHeader', { columns: DEVICE_CSV_COLUMNS.join(',') });
  }
  if (rows.length === 0) throw new DeviceCsvError('errors.deviceCsvEmpty');
  if (rows.length > DEVICE_CSV_MAX_ROWS)
    throw new DeviceCsvError('errors.deviceCsvTooManyRows', { max: DEVICE_CSV_MAX_ROWS });
  return rows.map((row, index) => {
    const line = index + 2;
    return {
      serialNumber: serial(row[0], line, 'errors.deviceCsvSerial'),
      deviceClass: deviceClass(row[1], line, 'errors.deviceCsvClass'),
      deviceType: deviceType(row[2], line, 'errors.deviceCsvType'),
      operatingSiteId: site(row[3], line, 'errors.deviceCsvSiteId'),
    };
  });
}
