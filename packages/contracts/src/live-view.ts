import { z } from 'zod';
import { batteryGroupIdSchema } from './battery-groups';
import { LIVE_VIEW_MAX_ITEMS } from './constants';
import { batteryLiveStatusSchema } from './device-protocol';
import { textRule } from './field-rules';
import { operatingSiteIdSchema } from './sites';

export const BATTERY_NAME_MAX = 100;
export const LIVE_VIEW_SEARCH_MAX = 100;
export const LIVE_VIEW_AUTOCOMPLETE_LIMIT = 20;
export const LIVE_VIEW_CSV_FILENAME = 'battery-list.csv';

/**
 * The 'Attention!' banner (docs/decisions/008-network-banner.md): at least this share of the site's
 * connected batteries went offline within the window, and at least the minimum count.
 */
export const NETWORK_PROBLEM_WINDOW_MINUTES = 10;
export const NETWORK_PROBLEM_SHARE = 0.2;
export const NETWORK_PROBLEM_MIN_DEVICES = 3;

const search = z.string().trim().max(LIVE_VIEW_SEARCH_MAX).optional();

/**
 * `format=compact`: the batteries as arrays of values in the order of `fields` (`liveViewCompactResponseSchema`),
 * a third of the bytes of `objects` (the default) and parsed in about half the time (decision 057).
 */
export const LIVE_VIEW_FORMATS = ['objects', 'compact'] as const;
export type LiveViewFormat = (typeof LIVE_VIEW_FORMATS)[number];

export const liveViewQuerySchema = z.object({
  operatingSiteId: operatingSiteIdSchema,
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(LIVE_VIEW_MAX_ITEMS).default(LIVE_VIEW_MAX_ITEMS),
  search,
  format: z.enum(LIVE_VIEW_FORMATS).default('objects'),
});
export type LiveViewQuery = z.infer<typeof liveViewQuerySchema>;

/** GET /battery/BatteryLiveView/csv: the list's query without the page (the file holds every battery). */
export const liveViewCsvQuerySchema = liveViewQuerySchema.omit({ offset: true, limit: true });
export const liveViewSiteQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
export const liveViewAutocompleteQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema, search });

export const batterySerialParamsSchema = z.object({ serial: z.string().trim().min(1).max(100) });

const nullableNumber = z.number().nullable();

/** One battery of the live view: only the fields the screen shows (screens and routes, entity fields, state rules). */
export const liveViewBatterySchema = z.object({
  batterySerialNumber: z.string(),
  batteryName: z.string(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  type: z.string(),
  status: batteryLiveStatusSchema,
  online: z.boolean().nullable(),
  soc: nullableNumber,
  soh: nullableNumber,
  stackVoltage: nullableNumber,
  minCellTemperature: nullableNumber,
  maxCellTemperature: nullableNumber,
  chargerName: z.string().nullable(),
  lastDataTimestamp: z.string().nullable(),
  /** YYYY-MM-DD */
  nextServiceDate: z.string().nullable(),
  currentErrorCode: z.string().nullable(),
  hasCurrentError: z.boolean(),
  /** An error occurred within ERROR_FLAG_WINDOW_HOURS (the orange triangle). */
  errorWithin24h: z.boolean(),
});
export type LiveViewBattery = z.infer<typeof liveViewBatterySchema>;

export const liveViewResponseSchema = z.object({
  batteries: z.array(liveViewBatterySchema),
  totalCount: z.number().int(),
});
export type LiveViewResponse = z.infer<typeof liveViewResponseSchema>;

/** The fields of a battery in the order the compact answer gives their values. */
export const LIVE_VIEW_FIELDS = Object.keys(liveViewBatterySchema.shape) as (keyof LiveViewBattery)[];

/** `format=compact`: each battery as its values in the order of `fields` (LIVE_VIEW_FIELDS). */
export const liveViewCompactResponseSchema = z.object({
  fields: z.array(z.string()),
  batteries: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  totalCount: z.number().int(),
});
export type LiveViewCompactResponse = z.infer<typeof liveViewCompactResponseSchema>;

/** The compact answer as the batteries of the default one. */
export function fromCompact({ fields, batteries, totalCount }: LiveViewCompactResponse): LiveViewResponse {
  const objects = batteries.map((values) => {
    const battery: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) battery[fields[i] as string] = values[i];
    return battery as LiveViewBattery;
  });
  return { batteries: objects, totalCount };
}

/**
 * POST …/{serial}: move to a group (groupId; '' or null = Ungrouped) and/or rename (batteryName).
 * At least one of the two.
 */
export const liveViewBatteryChangeBodySchema = z
  .object({
    groupId: z.union([z.literal(''), z.null(), batteryGroupIdSchema]).optional(),
    batteryName: textRule(BATTERY_NAME_MAX).optional(),
  })
  .refine((body) => body.groupId !== undefined || body.batteryName !== undefined, {
    message: 'validation.required',
    path: ['groupId'],
  });
export type LiveViewBatteryChangeBody = z.input<typeof liveViewBatteryChangeBodySchema>;

/** GET …/{serial}/update: the refresh command was sent; poll …/{serial} until lastDataTimestamp is newer. */
export const liveViewUpdateResponseSchema = z.object({
  lastDataTimestamp: z.string().nullable(),
  /** True when the battery reported within the last few seconds: no command was sent. */
  upToDate: z.boolean(),
});
export type LiveViewUpdateResponse = z.infer<typeof liveViewUpdateResponseSchema>;

export const LIVE_VIEW_UP_TO_DATE_SECONDS = 5;

export const liveViewAutocompleteSchema = z.array(
  z.object({ batterySerialNumber: z.string(), batteryName: z.string() }),
);
export type LiveViewSuggestion = z.infer<typeof liveViewAutocompleteSchema>[number];

/** GET …/connectivity: whether the site's devices have mobile network problems (the 'Attention!' banner). */
export const liveViewConnectivitySchema = z.object({
  networkProblem: z.boolean(),
  droppedDevices: z.number().int(),
  connectedDevices: z.number().int(),
});
export type LiveViewConnectivity = z.infer<typeof liveViewConnectivitySchema>;
