import type { ChargingStation, MdloadUnit } from '@cbm/contracts/mdload-live-view';
import { type Language, type MessageKey, translate } from '../../i18n/messages';
import { type CsvCell, spreadsheetCsv } from '../../shared/csv';
import { formatZonedDateTime } from '../../shared/dates';

/** One line per charging station with its unit and group, as a spreadsheet CSV (shared/csv.ts). */
const COLUMNS = [
  'unitName',
  'mdLoadSerial',
  'unitStatus',
  'unitPowerKw',
  'maxPowerKw',
  'lastDataTimestamp',
  'groupName',
  'stationName',
  'batteryModel',
  'stationSerialNumber',
  'stationState',
  'stationPowerKw',
  'chargerName',
  'chargerStatus',
] as const;
type Column = (typeof COLUMNS)[number];

const STATUS_COLUMNS: ReadonlySet<Column> = new Set(['unitStatus', 'stationState', 'chargerStatus']);
const STATUSES = new Set(['not connected', 'offline', 'online', 'charging', 'idle', 'error']);
const statusKey = (status: string) => status.replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());

function valuesOf(
  unit: MdloadUnit,
  groupName: string | null,
  station: ChargingStation | null,
): Record<Column, CsvCell> {
  return {
    unitName: unit.name,
    mdLoadSerial: unit.mdLoadSerial,
    unitStatus: unit.status,
    unitPowerKw: unit.powerKw,
    maxPowerKw: unit.maxPowerKw,
    lastDataTimestamp: unit.lastDataTimestamp,
    groupName,
    stationName: station?.name ?? null,
    batteryModel: station?.batteryModel ?? null,
    stationSerialNumber: station?.serialNumber ?? null,
    stationState: station?.state ?? null,
    stationPowerKw: station?.powerKw ?? null,
    chargerName: station?.charger?.name ?? null,
    chargerStatus: station?.charger?.status ?? null,
  };
}

export function mdloadLiveViewCsv(units: readonly MdloadUnit[], language: Language, timeZone: string): string {
  const text = (column: Column, value: CsvCell): CsvCell => {
    if (value === null || typeof value === 'number') return value;
    if (column === 'lastDataTimestamp') return formatZonedDateTime(value, timeZone, language);
    if (STATUS_COLUMNS.has(column) && STATUSES.has(value)) {
      return translate(language, `mdloadLiveViewCsv.status.${statusKey(value)}` as MessageKey);
    }
    return value;
  };
  const rows: Record<Column, CsvCell>[] = units.flatMap((unit) => {
    const stations = unit.chargingStationGroups.flatMap((group) =>
      group.chargingStations.map((station) => valuesOf(unit, group.name, station)),
    );
    return stations.length > 0 ? stations : [valuesOf(unit, null, null)];
  });
  const header = COLUMNS.map((column) => translate(language, `mdloadLiveViewCsv.${column}` as MessageKey));
  return spreadsheetCsv([header, ...rows.map((row) => COLUMNS.map((column) => text(column, row[column])))], language);
}
