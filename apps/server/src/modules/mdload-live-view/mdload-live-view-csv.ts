import type { ChargingStation, MdloadUnit } from '@cbm/contracts/mdload-live-view';
import { type Language, type MessageKey, translate } from '../../i18n/messages';
import { CSV_BOM, CSV_DIALECTS, dateTimeIn, escapeCsvField } from '../live-view/live-view-csv';

/** One line per charging station with its unit and group; Excel-friendly like the battery live view's CSV. */
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
type Cell = string | number | null;

const STATUS_COLUMNS: ReadonlySet<Column> = new Set(['unitStatus', 'stationState', 'chargerStatus']);
const STATUSES = new Set(['not connected', 'offline', 'online', 'charging', 'idle', 'error']);
const statusKey = (status: string) => status.replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());

function valuesOf(unit: MdloadUnit, groupName: string | null, station: ChargingStation | null): Record<Column, Cell> {
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
  const { separator, decimal } = CSV_DIALECTS[language];
  const dateTime = dateTimeIn(timeZone, language);
  const text = (column: Column, value: Cell): string => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value).replace('.', decimal);
    if (column === 'lastDataTimestamp') return dateTime(value);
    if (STATUS_COLUMNS.has(column) && STATUSES.has(value)) {
      return translate(language, `mdloadLiveViewCsv.status.${statusKey(value)}` as MessageKey);
    }
    return value;
  };
  const rows: Record<Column, Cell>[] = units.flatMap((unit) => {
    const stations = unit.chargingStationGroups.flatMap((group) =>
      group.chargingStations.map((station) => valuesOf(unit, group.name, station)),
    );
    return stations.length > 0 ? stations : [valuesOf(unit, null, null)];
  });
  const header = COLUMNS.map((column) => translate(language, `mdloadLiveViewCsv.${column}` as MessageKey));
  const lines = [header, ...rows.map((row) => COLUMNS.map((column) => text(column, row[column])))];
  return `${CSV_BOM}${lines.map((fields) => fields.map((field) => escapeCsvField(field, separator)).join(separator)).join('\r\n')}\r\n`;
}
