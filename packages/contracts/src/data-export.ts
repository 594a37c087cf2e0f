import { z } from 'zod';
import { whenValid } from './field-rules';
import { operatingSiteIdSchema } from './sites';
import { checkRange, enumOf, serialListSchema, timeRangeFields } from './statistics';
import { VALIDATION } from './validation-messages';

/** The export's resolutions (entity fields), and the period each stands for. */
export const EXPORT_RESOLUTIONS = ['daily', 'weekly', 'monthly'] as const;
export type ExportResolution = (typeof EXPORT_RESOLUTIONS)[number];
export const EXPORT_GRANULARITY = { daily: 'day', weekly: 'week', monthly: 'month' } as const;

/**
 * The export's columns (entity fields), in this order; headers are translated (`dataExportCsv.<column>` on the server).
 */
export const EXPORT_COLUMNS = [
  'batterySerialNumber',
  'batteryName',
  'nameOrSerial',
  'timePeriod',
  'operatingHours',
  'chargedKwh',
  'dischargedKwh',
  'co2Kg',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** The form's "Values" choice that stands for every battery of the site. */
export const EXPORT_ALL_BATTERIES = 'all';

export const dataExportFilename = (from: string, to: string) => `battery-export_${from}_${to}.csv`;

/**
 * GET /Statistics/export: one CSV row per battery and period with data. `serials` are the batteries
 * ("Values"): 'all' or serial numbers. The range check runs even when other fields failed.
 */
export const dataExportQuerySchema = z
  .object({
    operatingSiteId: operatingSiteIdSchema,
    serials: serialListSchema.refine((list) => list.length > 0, VALIDATION.valuesRequired),
    resolution: enumOf(EXPORT_RESOLUTIONS, VALIDATION.resolutionRequired),
    ...timeRangeFields,
  })
  .superRefine(checkRange, whenValid('from', 'to'));
export type DataExportQuery = z.infer<typeof dataExportQuerySchema>;
