import { z } from 'zod';
import { knownValueRule, numberRule, textRule } from './field-rules';
import { operatingSiteIdSchema } from './sites';
import { VALIDATION } from './validation-messages';

/** IANA time zones this runtime knows, plus UTC (which Intl lists only as an alias). */
export const TIME_ZONES: readonly string[] = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])];
/** ISO 4217 currency codes this runtime knows. */
export const CURRENCIES: readonly string[] = Intl.supportedValuesOf('currency');

const timeZoneSet = new Set(TIME_ZONES);
const currencySet = new Set(CURRENCIES);
const ZONE_NAME = /^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/;

/**
 * A zone of the list, or another IANA name of one (Asia/Kolkata where the runtime lists Asia/Calcutta):
 * browsers and Node versions list different names for some zones.
 */
export function isKnownTimeZone(name: string): boolean {
  if (timeZoneSet.has(name)) return true;
  if (!ZONE_NAME.test(name)) return false;
  try {
    return timeZoneSet.has(new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

export const SITE_NAME_MAX_LENGTH = 200;
export const PRICE_PER_KWH_MAX = 1_000_000;
export const PRICE_PER_KWH_DECIMALS = 4;
/** A replacement battery's price per kWh of nominal energy: whole cents are enough for a pack's price. */
export const BATTERY_PRICE_DECIMALS = 2;

export const osAdminQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });

/** The editable settings of an operating site (entity fields), validated by the form and by POST /OsAdmin alike. */
export const siteSettingsBodySchema = z.object({
  name: textRule(SITE_NAME_MAX_LENGTH),
  latitude: numberRule({ min: -90, max: 90 }),
  longitude: numberRule({ min: -180, max: 180 }),
  timezone: knownValueRule(isKnownTimeZone, VALIDATION.unknownTimeZone),
  currency: knownValueRule((code) => currencySet.has(code), VALIDATION.unknownCurrency),
  pricePerKwh: numberRule({ min: 0, max: PRICE_PER_KWH_MAX, decimals: PRICE_PER_KWH_DECIMALS }),
  /** Null clears it; left out, it stays as it is (callers from before the field). */
  batteryPricePerKwh: numberRule({ min: 0, max: PRICE_PER_KWH_MAX, decimals: BATTERY_PRICE_DECIMALS })
    .nullable()
    .optional(),
});
export type SiteSettingsBody = z.infer<typeof siteSettingsBodySchema>;
export type SiteSettingsField = keyof SiteSettingsBody;

export const siteSettingsSchema = z.object({
  operatingSiteId: z.number().int(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
  currency: z.string(),
  pricePerKwh: z.number(),
  batteryPricePerKwh: z.number().nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** A site the admin manages: holds cbm_osadmin there. */
export const managedSiteSchema = z.object({ operatingSiteId: z.number().int(), name: z.string() });
export type ManagedSite = z.infer<typeof managedSiteSchema>;

/**
 * An expected battery of a site: one assigned to it, or one at another site the admin manages that may
 * be moved here (docs/decisions/007-admin-scope.md).
 */
export const expectedBatterySchema = z.object({
  batterySerialNumber: z.string(),
  batteryName: z.string(),
  batteryType: z.string(),
  groupName: z.string().nullable(),
  operatingSiteId: z.number().int(),
  assigned: z.boolean(),
});
export type ExpectedBattery = z.infer<typeof expectedBatterySchema>;

export const expectedBatteriesSchema = z.object({
  sites: z.array(managedSiteSchema),
  batteries: z.array(expectedBatterySchema),
});
export type ExpectedBatteries = z.infer<typeof expectedBatteriesSchema>;

export const BATTERY_ASSIGNMENT_MAX = 1000;

export const isUnique = (items: readonly string[]) => new Set(items).size === items.length;

export const batterySerialNumberSchema = z.string().trim().min(1).max(100);

/** Moves batteries to the target site, all or none. */
export const batteryAssignmentBodySchema = z.object({
  targetOperatingSiteId: z.number().int().positive().max(2_147_483_647),
  batterySerialNumbers: z
    .array(batterySerialNumberSchema)
    .min(1)
    .max(BATTERY_ASSIGNMENT_MAX)
    .refine(isUnique, VALIDATION.duplicates),
});
export type BatteryAssignmentBody = z.infer<typeof batteryAssignmentBodySchema>;

export const batteryMoveSchema = z.object({
  batterySerialNumber: z.string(),
  fromOperatingSiteId: z.number().int(),
  toOperatingSiteId: z.number().int(),
});

/** The batteries that changed site; those already at the target are left out. */
export const batteryAssignmentResultSchema = z.object({ moved: z.array(batteryMoveSchema) });
export type BatteryAssignmentResult = z.infer<typeof batteryAssignmentResultSchema>;
