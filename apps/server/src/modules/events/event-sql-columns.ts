import { EVENT_ATTRIBUTES, type EventAttribute, type EventProduct } from '@cbm/contracts/events';

/** How an attribute reads in SQL: its value expression and whether it needs the battery row. */
export interface SqlColumn {
  attribute: EventAttribute;
  /** Value to filter and sort by (typed: float8, text, date or timestamptz). */
  expression: string;
  /** The battery table (`b`) is joined; battery fields are the battery's current ones, not those at the event. */
  needsBattery: boolean;
}

/** Event columns of device_event (`e`). */
const EVENT_COLUMNS: Record<string, string> = {
  Timestamp: 'e.ts',
  BatterySerialNumber: 'e.serial_number',
  MdLoadSerial: 'e.serial_number',
  Serial: 'e.serial_number',
  EventType: 'e.type',
  ErrorCode: 'e.code',
  ErrorDescription: 'e.description',
  ErrorCategory: 'e.category',
  Event: "CASE WHEN e.active THEN 'raised' ELSE 'cleared' END",
};

/** Static battery fields (entity fields; 001-core.sql). */
const BATTERY_COLUMNS: Record<string, string> = {
  BatteryName: 'b.name',
  BatteryType: 'b.battery_type',
  CellType: 'b.cell_type',
  BatteryCapacity: 'b.battery_capacity_ah::float8',
  DisplayId: 'b.display_id',
  ModuleElectronics: 'b.module_electronic',
  NomEnergy: 'b.nominal_energy_kwh::float8',
  NomVoltage: 'b.nominal_voltage::float8',
  NumModules: 'b.module_count::float8',
  ParameterSet: 'b.parameter_set',
  ProductionDate: 'b.production_date',
  Tray: 'b.tray_number',
  MaxOperatingEnergyKwh: 'b.operating_limit_energy_kwh::float8',
  MaxOperatingHours: 'b.operating_limit_hours::float8',
};

/**
 * Everything else is what the device sent with the event (`attributes`, docs/protocol.md). A value of the
 * wrong JSON type reads as null, so a device sending text where a number belongs can never fail a query.
 * The key is written into the SQL text: it comes from the fixed list of the entity fields, never from a request.
 */
function attributeExpression(attribute: EventAttribute): string {
  if (!/^[A-Za-z]+$/.test(attribute.name)) throw new Error(`unsafe attribute name ${attribute.name}`);
  const key = `'${attribute.name}'`;
  if (attribute.kind === 'number') {
    return `(CASE WHEN jsonb_typeof(e.attributes -> ${key}) = 'number' THEN (e.attributes ->> ${key})::float8 END)`;
  }
  return `(e.attributes ->> ${key})`;
}

function sqlColumn(attribute: EventAttribute): SqlColumn {
  const event = EVENT_COLUMNS[attribute.name];
  if (event) return { attribute, expression: event, needsBattery: false };
  const battery = BATTERY_COLUMNS[attribute.name];
  if (battery) return { attribute, expression: battery, needsBattery: true };
  return { attribute, expression: attributeExpression(attribute), needsBattery: false };
}

const byProduct = (product: EventProduct) =>
  new Map(
    EVENT_ATTRIBUTES.filter((attribute) => attribute.products.includes(product)).map((attribute) => [
      attribute.name,
      sqlColumn(attribute),
    ]),
  );

const COLUMNS: Record<EventProduct, Map<string, SqlColumn>> = {
  battery: byProduct('battery'),
  mdload: byProduct('mdload'),
};

/** The known column of that name for the product, or undefined (the only way a name reaches SQL). */
export const sqlColumnOf = (product: EventProduct, name: string): SqlColumn | undefined => COLUMNS[product].get(name);

/** The expression a column is answered with: times as ISO text with microseconds, dates as YYYY-MM-DD. */
export function outputExpression(column: SqlColumn): string {
  if (column.attribute.kind === 'timestamp') {
    return `to_char(${column.expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  if (column.attribute.kind === 'date') return `to_char(${column.expression}, 'YYYY-MM-DD')`;
  return column.expression;
}
