import type { LiveViewBattery } from '@cbm/contracts/live-view';
import { type Language, translate } from '../../i18n/messages';
import { type CsvCell, spreadsheetCsv } from '../../shared/csv';
import { formatLocalDate, formatZonedDateTime } from '../../shared/dates';

/** The live view as a spreadsheet CSV (shared/csv.ts); times in the site's time zone. */
const COLUMNS = [
  'batteryName',
  'batterySerialNumber',
  'groupName',
  'type',
  'status',
  'soc',
  'soh',
  'stackVoltage',
  'minCellTemperature',
  'maxCellTemperature',
  'chargerName',
  'lastDataTimestamp',
  'nextServiceDate',
  'currentErrorCode',
] as const;

export function liveViewCsv(batteries: readonly LiveViewBattery[], language: Language, timeZone: string): string {
  const ungrouped = translate(language, 'liveViewCsv.ungrouped');
  const cell = (battery: LiveViewBattery, column: (typeof COLUMNS)[number]): CsvCell => {
    const value = battery[column];
    if (value === null) return column === 'groupName' ? ungrouped : null;
    if (typeof value === 'number') return value;
    if (column === 'lastDataTimestamp') return formatZonedDateTime(value, timeZone, language);
    if (column === 'nextServiceDate') return formatLocalDate(value, language);
    return value;
  };
  const header = COLUMNS.map((column) => translate(language, `liveViewCsv.${column}`));
  return spreadsheetCsv(
    [header, ...batteries.map((battery) => COLUMNS.map((column) => cell(battery, column)))],
    language,
  );
}
