import { z } from 'zod';
import { batterySerialParamsSchema } from './live-view';
import { operatingSiteIdSchema } from './sites';

/** States of a datalog (state rules; docs/decisions/011-datalogs-and-profiles.md). */
export const DATALOG_STATUSES = ['requested', 'uploaded', 'failed', 'expired'] as const;
export const datalogStatusSchema = z.enum(DATALOG_STATUSES);
export type DatalogStatus = z.infer<typeof datalogStatusSchema>;

/**
 * Why a datalog failed: the device refused the command, tried and failed, or did not upload before its
 * upload link ran out.
 */
export const DATALOG_FAILURES = ['refused', 'failed', 'timeout'] as const;
export const datalogFailureSchema = z.enum(DATALOG_FAILURES);
export type DatalogFailure = z.infer<typeof datalogFailureSchema>;

/** The device's upload link is valid this long after the request, and for one upload only. */
export const DATALOG_UPLOAD_WINDOW_MINUTES = 15;
/** Largest zip a device may upload. */
export const DATALOG_MAX_BYTES = 50 * 1024 * 1024;
/** Largest total of the files inside the zip (guards against zip bombs). */
export const DATALOG_MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
/** The datalog page lists this many of the site's newest datalogs. */
export const DATALOG_LIST_LIMIT = 200;
/** While a datalog is requested the page asks again this often. */
export const DATALOG_REFRESH_MS = 3000;

export const datalogSiteQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
export const datalogBatteryParamsSchema = batterySerialParamsSchema;
export const datalogIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const datalogSchema = z.object({
  id: z.number().int(),
  batterySerialNumber: z.string(),
  batteryName: z.string(),
  status: datalogStatusSchema,
  /** E-mail address of who asked for it; null when the account is gone. */
  requestedBy: z.string().nullable(),
  requestedAt: z.iso.datetime({ offset: true }),
  uploadedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Uploaded: the zip is deleted then. Requested: the upload link runs out then. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  sizeBytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  failure: datalogFailureSchema.nullable(),
  /** The device's own words when it refused or failed. */
  failureDetail: z.string().nullable(),
});
export type Datalog = z.infer<typeof datalogSchema>;

/** Newest first, at most DATALOG_LIST_LIMIT. */
export const datalogListSchema = z.object({ datalogs: z.array(datalogSchema) });
export type DatalogList = z.infer<typeof datalogListSchema>;

/** The batteries of the site to choose from. */
export const datalogBatterySchema = z.object({ batterySerialNumber: z.string(), batteryName: z.string() });
export type DatalogBattery = z.infer<typeof datalogBatterySchema>;
export const datalogBatteriesSchema = z.array(datalogBatterySchema);

/**
 * The device's upload: PUT /api/v2/datalogs/{serial}/{id}/upload?token=… with the zip as the body. The token
 * opens only the upload of that battery's datalog (docs/decisions/025-tenant-scoping.md).
 */
export const datalogUploadParamsSchema = batterySerialParamsSchema.extend(datalogIdParamsSchema.shape);
export const datalogUploadQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** File name of a downloaded datalog. */
export const datalogFileName = (datalog: Pick<Datalog, 'id' | 'batterySerialNumber'>) =>
  `datalog-${datalog.batterySerialNumber.replace(/[^\w.-]/g, '_')}-${datalog.id}.zip`;
