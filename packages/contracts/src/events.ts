import { z } from 'zod';
import { EVENT_PAGE_SIZE } from './constants';
import { EVENT_TYPES } from './device-protocol';
import { operatingSiteIdSchema } from './sites';
import { VALIDATION } from './validation-messages';

/**
 * The two event lists: the battery filter view (screens and routes expert/filter) and the charger-station events
 * (md-events).
 */
export const EVENT_PRODUCTS = ['battery', 'mdload'] as const;
export type EventProduct = (typeof EVENT_PRODUCTS)[number];

export const EVENT_PAGE_MAX = 100;
/** Longest time range of one event query (issue 47): longer ones cost everyone seconds on PGlite. */
export const EVENT_MAX_RANGE_DAYS = 1_100;
/**
 * Deepest offset a query may ask for; the seek token (decision 012) and, in time order without attribute filters,
 * the hour counts (decision 049) keep deep pages fast.
 */
export const EVENT_OFFSET_MAX = 1_000_000;
/** The total is counted this many pages beyond the requested one at most, so counting never scans the whole range. */
export const EVENT_COUNT_LOOKAHEAD_PAGES = 10;
export const EVENT_FILTER_NAME_MAX = 100;
export const EVENT_TEXT_MAX = 200;

export const BATTERY_STATES = ['charging', 'discharging', 'standby', 'idle', 'error'] as const;
/** The `Event` attribute: whether the condition started (device sends active: true) or cleared. */
export const EVENT_PHASES = ['raised', 'cleared'] as const;

export type AttributeKind = 'number' | 'text' | 'enum' | 'date' | 'timestamp';

export interface EventAttribute {
  name: string;
  kind: AttributeKind;
  /** Allowed values of an enumeration. */
  values?: readonly string[];
  products: readonly EventProduct[];
  /** Shown by default in this order when ≥ 0 (entity fields column definition), per product. */
  defaultPrio?: Partial<Record<EventProduct, number>>;
}

const both = EVENT_PRODUCTS;
const battery = ['battery'] as const;
const num = (name: string, products: readonly EventProduct[] = battery): EventAttribute => ({
  name,
  kind: 'number',
  products,
});
const text = (name: string, products: readonly EventProduct[] = battery): EventAttribute => ({
  name,
  kind: 'text',
  products,
});

/**
 * Every filterable attribute of the entity fields with its kind. Timestamp is filtered by the query's from/to; every
 * attribute is also a column. Where the values come from is the server's business (events-sql-columns.ts).
 */
export const EVENT_ATTRIBUTES: readonly EventAttribute[] = [
  { name: 'Timestamp', kind: 'timestamp', products: both, defaultPrio: { battery: 0, mdload: 0 } },
  { ...text('BatterySerialNumber'), defaultPrio: { battery: 1 } },
  text('BatteryName'),
  { ...text('MdLoadSerial', ['mdload']), defaultPrio: { mdload: 1 } },
  text('Serial', both),
  { name: 'EventType', kind: 'enum', values: EVENT_TYPES, products: both, defaultPrio: { battery: 2, mdload: 2 } },
  { ...text('ErrorCode', both), defaultPrio: { battery: 3, mdload: 3 } },
  { ...text('ErrorDescription', both), defaultPrio: { battery: 4, mdload: 4 } },
  { ...text('ErrorCategory', both), defaultPrio: { battery: 5, mdload: 5 } },
  { name: 'Event', kind: 'enum', values: EVENT_PHASES, products: both, defaultPrio: { battery: 6, mdload: 6 } },
  { ...num('SOC'), defaultPrio: { battery: 7 } },
  { ...num('StackVoltage'), defaultPrio: { battery: 8 } },
  { ...text('BatteryType'), defaultPrio: { battery: 9 } },
  num('SOH'),
  num('StartSOC'),
  num('Current', both),
  num('AvgBatteryCurrent'),
  num('Voltage', both),
  { name: 'BatteryState', kind: 'enum', values: BATTERY_STATES, products: battery },
  num('MaxCellTemperature'),
  num('MinCellTemperature'),
  num('MaxCellVoltage'),
  num('MinCellVoltage'),
  num('MaxBoardTemperature'),
  num('MinBoardTemperature'),
  text('ChargerSerial', both),
  text('ChargerCid', both),
  num('BatteryCapacity'),
  text('CellType'),
  text('DisplayId'),
  text('ModuleElectronics'),
  num('NomEnergy'),
  num('NomVoltage'),
  num('NumModules'),
  text('ParameterSet'),
  { name: 'ProductionDate', kind: 'date', products: battery },
  text('Tray'),
  num('MaxOperatingDays'),
  num('MaxOperatingEnergyKwh'),
  num('MaxOperatingHours'),
  num('SafetyMaxDays'),
  num('SafetyMaxEnergyKwh'),
  num('SafetyMaxHours'),
  num('TotalChargingHours'),
  num('TotalDischargingHours'),
  num('TotalEnergyChargedKwh'),
  num('TotalEnergyUsedKwh'),
  num('TotalOperatingDays'),
  num('TotalOperatingHours'),
  num('TotalStandbyHours'),
];

export const eventAttributesOf = (product: EventProduct) =>
  EVENT_ATTRIBUTES.filter((attribute) => attribute.products.includes(product));

export const eventAttribute = (product: EventProduct, name: string) =>
  eventAttributesOf(product).find((attribute) => attribute.name === name);

export const DEFAULT_ORDER_BY = 'Timestamp';

/** A column (entity fields): fieldName and defaultPrio (≥ 0 shown by default, in that order). */
export const eventColumnSchema = z.object({ fieldName: z.string(), defaultPrio: z.number().int() });
export type EventColumn = z.infer<typeof eventColumnSchema>;
export const eventColumnsSchema = z.array(eventColumnSchema);

export const eventColumnsOf = (product: EventProduct): EventColumn[] =>
  eventAttributesOf(product).map((attribute) => ({
    fieldName: attribute.name,
    defaultPrio: attribute.defaultPrio?.[product] ?? -1,
  }));

export const defaultColumnsOf = (product: EventProduct): string[] =>
  eventColumnsOf(product)
    .filter((column) => column.defaultPrio >= 0)
    .sort((a, b) => a.defaultPrio - b.defaultPrio)
    .map((column) => column.fieldName);

// PostgreSQL refuses NUL in text; refusing it here keeps such input a 400.
const safeText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), VALIDATION.invalidCharacters);
const boundValue = z
  .union([z.number(), safeText(10)])
  .nullable()
  .optional();

/**
 * One attribute filter (entity fields "attributeFilters, each with a name"). Which fields count depends on the
 * attribute's kind: number and date use min/max (inclusive; a date as YYYY-MM-DD), text matches a part of
 * the value ignoring case, enum keeps rows with one of the values. Checked against the attribute on the server.
 */
export const attributeFilterSchema = z.object({
  name: safeText(64).pipe(z.string().min(1)),
  min: boundValue,
  max: boundValue,
  text: safeText(EVENT_TEXT_MAX).optional(),
  values: z.array(safeText(64)).max(20).optional(),
});
export type AttributeFilter = z.infer<typeof attributeFilterSchema>;

export const eventFilterSchema = z.object({
  columns: z.array(safeText(64)).max(EVENT_ATTRIBUTES.length).optional(),
  attributeFilters: z.array(attributeFilterSchema).max(EVENT_ATTRIBUTES.length).default([]),
});
export type EventFilter = z.infer<typeof eventFilterSchema>;

const instant = z.iso.datetime({ offset: true, error: VALIDATION.invalidDateTime }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1970 && year <= 9999;
}, VALIDATION.invalidDateTime);

const queryBase = z.object({
  /** Inclusive. */
  from: instant,
  /** Exclusive, like every time range of the APIs. */
  to: instant,
  max: z.number().int().min(1).max(EVENT_PAGE_MAX).default(EVENT_PAGE_SIZE),
  orderBy: safeText(64).default(DEFAULT_ORDER_BY),
  offset: z.number().int().min(0).max(EVENT_OFFSET_MAX).default(0),
  orderByDescending: z.boolean().default(true),
  operatingSiteIds: z.array(operatingSiteIdSchema).min(1).max(100),
  /**
   * Not among the API calls: the `seek` token of an earlier answer of the same query. The server continues after the
   * row it names instead of skipping `offset` rows, so deep pages cost the same as the first.
   */
  seek: z.string().max(2000).optional(),
});

/** POST /battery/Events (API calls). */
export const batteryEventQuerySchema = queryBase.extend({
  batteryEventFilter: eventFilterSchema.default({ attributeFilters: [] }),
});
export type BatteryEventQuery = z.input<typeof batteryEventQuerySchema>;
/** POST /mdload/MdloadEvents (API calls). */
export const mdloadEventQuerySchema = queryBase.extend({
  mdloadEventFilter: eventFilterSchema.default({ attributeFilters: [] }),
});
export type MdloadEventQuery = z.input<typeof mdloadEventQuerySchema>;

/** A checked event query of either product, its filter under one name: what the web asks and the server compiles. */
export type EventQuery = z.output<typeof queryBase> & { filter: EventFilter };

export const eventValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type EventValue = z.infer<typeof eventValueSchema>;

/** One event: `id` is stable (device, sequence number, time); `values` holds the requested columns. */
export const eventRowSchema = z.object({ id: z.string(), values: z.record(z.string(), eventValueSchema) });
export type EventRow = z.infer<typeof eventRowSchema>;

export const eventPageSchema = z.object({
  events: z.array(eventRowSchema),
  /**
   * Matching events: all of them in time order without attribute filters (decision 049), else counted up to
   * EVENT_COUNT_LOOKAHEAD_PAGES pages beyond this one.
   */
  totalCount: z.number().int(),
  /** True when more events match than totalCount says (the count stopped at the look-ahead). */
  totalCountIsLowerBound: z.boolean(),
  /** Send it back as `seek` with offset + events.length (or more) to continue after this page's last row. */
  seek: z.string().nullable(),
});
export type EventPage = z.infer<typeof eventPageSchema>;

/** A saved filter (entity fields): per user and product. */
export const savedEventFilterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  columns: z.array(z.string()),
  attributeFilters: z.array(attributeFilterSchema),
});
export type SavedEventFilter = z.infer<typeof savedEventFilterSchema>;
export const savedEventFiltersSchema = z.array(savedEventFilterSchema);

/** POST …/Filters: saving under an existing name replaces that filter. */
export const saveEventFilterBodySchema = z.object({
  name: safeText(EVENT_FILTER_NAME_MAX).pipe(z.string().trim().min(1, VALIDATION.required)),
  columns: z.array(safeText(64)).min(1).max(EVENT_ATTRIBUTES.length),
  attributeFilters: z.array(attributeFilterSchema).max(EVENT_ATTRIBUTES.length).default([]),
});
export type SaveEventFilterBody = z.input<typeof saveEventFilterBodySchema>;

export const eventFilterIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
