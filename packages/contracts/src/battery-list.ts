import { z } from 'zod';
import { LIVE_VIEW_MAX_ITEMS } from './constants';
import { batteryLiveStatusSchema } from './device-protocol';
import { campaignStatusSchema } from './firmware-campaigns';
import { operatingSiteIdSchema } from './sites';
import { updateJobSchema } from './update-jobs';

/** The software versions of the entity fields, named as there (BamVersion with a capital B). */
export const VERSION_FIELDS = [
  'bspVersion',
  'BamVersion',
  'bootVersion',
  'firmwareVersion',
  'hardwareVersion',
  'iotHmiVersion',
  'iotSwVersion',
] as const;
export type VersionField = (typeof VERSION_FIELDS)[number];

export const versionsSchema = z.object(
  Object.fromEntries(VERSION_FIELDS.map((field) => [field, z.string().nullable()])) as Record<
    VersionField,
    z.ZodNullable<z.ZodString>
  >,
);
export type Versions = z.infer<typeof versionsSchema>;

/** Repeatable `operatingSiteIds` (API calls: array query parameters repeat the key per value). */
export const batteryListQuerySchema = z.object({
  operatingSiteIds: z
    .preprocess((value) => (Array.isArray(value) ? value : [value]), z.array(operatingSiteIdSchema).min(1).max(1000))
    .transform((ids) => [...new Set(ids)]),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(LIVE_VIEW_MAX_ITEMS).default(LIVE_VIEW_MAX_ITEMS),
});
export type BatteryListQuery = z.input<typeof batteryListQuerySchema>;

export const batteryListSiteQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
export const batteryListSerialParamsSchema = z.object({ serial: z.string().trim().min(1).max(100) });

const nullableNumber = z.number().nullable();
const nullableText = z.string().nullable();

/** Every battery field of the entity fields (names as there; power limit, profile date and flag in camelCase). */
export const batteryListItemSchema = versionsSchema.extend({
  operatingSiteId: z.number().int(),
  batterySerialNumber: z.string(),
  batteryName: z.string(),
  groupName: nullableText,
  groupId: z.number().int().nullable(),
  displayId: nullableText,
  hwSerial: nullableText,
  ecuSerialNumber: nullableText,
  /** The newest telemetry as the device sent it. */
  lastData: z.record(z.string(), z.unknown()).nullable(),
  lastDataTimestamp: nullableText,
  status: batteryLiveStatusSchema,
  cellType: nullableText,
  /** Ah */
  batteryCapacity: nullableNumber,
  /** kWh */
  nominalEnergy: nullableNumber,
  /** V */
  nominalVoltage: nullableNumber,
  moduleCount: z.number().int().nullable(),
  moduleElectronic: nullableText,
  parameterSet: nullableText,
  /** YYYY-MM-DD */
  productionDate: nullableText,
  maxCellTemperature: nullableNumber,
  minCellTemperature: nullableNumber,
  maxCellVoltage: nullableNumber,
  minCellVoltage: nullableNumber,
  /** kWh */
  operatingLimitEnergy: nullableNumber,
  operatingLimitHours: nullableNumber,
  operatingLimitMonths: z.number().int().nullable(),
  totalOperatingMonths: z.number().int().nullable(),
  trayNumber: nullableText,
  /** The charger's name, when the battery is on a monitored one. */
  charger: nullableText,
  product: z.string(),
  /** kW */
  powerLimit: nullableNumber,
  /** YYYY-MM-DD */
  profileAvailableFrom: nullableText,
  hasProfiling: z.boolean(),
  type: z.string(),
  soc: nullableNumber,
  soh: nullableNumber,
  stackVoltage: nullableNumber,
  /** YYYY-MM-DD */
  nextService: nullableText,
  /** The open (running or paused) firmware campaign the battery is in, at most one (decision 038), or null. */
  campaign: z
    .object({ id: z.number().int(), name: z.string(), status: campaignStatusSchema.extract(['running', 'paused']) })
    .nullable(),
});
export type BatteryListItem = z.infer<typeof batteryListItemSchema>;

export const batteryListResponseSchema = z.object({
  batteries: z.array(batteryListItemSchema),
  totalCount: z.number().int(),
});
export type BatteryListResponse = z.infer<typeof batteryListResponseSchema>;

/**
 * GET …/filters/expectedVersions?operatingSiteId=: per battery type, the versions the batteries of the site's
 * organisation should run. Seeded with the demo, raised when an update job of that type made in the same
 * organisation finishes successfully (decisions 010 and 025).
 */
export const expectedVersionsSchema = z.array(
  versionsSchema.extend({ batteryType: z.string(), updatedAt: z.string() }),
);
export type ExpectedVersions = z.infer<typeof expectedVersionsSchema>;

/** Orders versions part by part (5.9.0 < 5.12.3), numerically where both parts are numbers. */
export function compareVersions(a: string, b: string): number {
  const left = a.split(/[.\-_]/);
  const right = b.split(/[.\-_]/);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const x = left[index] ?? '0';
    const y = right[index] ?? '0';
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    const order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
    if (order !== 0) return Math.sign(order);
  }
  return 0;
}

/** The version fields of a battery older than (or missing against) the expected ones of its type. */
export function outdatedVersions(battery: Versions, expected: Versions | null | undefined): VersionField[] {
  if (!expected) return [];
  return VERSION_FIELDS.filter((field) => {
    const want = expected[field];
    const have = battery[field];
    return want !== null && (have === null || compareVersions(have, want) < 0);
  });
}

/** GET …/{serial}/enableremote: SSH access is on until `until` (one hour, REMOTE_DEBUGGING_MS). */
export const enableRemoteResponseSchema = z.object({
  batterySerialNumber: z.string(),
  until: z.string(),
});
export type EnableRemoteResponse = z.infer<typeof enableRemoteResponseSchema>;

/** GET /battery/Update/{serial}: the battery's software, its type's expected versions and its jobs, newest first. */
export const softwareInfoSchema = z.object({
  batterySerialNumber: z.string(),
  type: z.string(),
  status: batteryLiveStatusSchema,
  currentVersions: versionsSchema,
  expectedVersions: versionsSchema.nullable(),
  outdated: z.array(z.enum(VERSION_FIELDS)),
  jobs: z.array(updateJobSchema),
});
export type SoftwareInfo = z.infer<typeof softwareInfoSchema>;
