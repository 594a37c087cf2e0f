import { z } from 'zod';
import { isUnique } from './admin';
import { isoDateRule } from './field-rules';
import { operatingSiteIdSchema } from './sites';
import { VALIDATION } from './validation-messages';

/** Licences run out after this many days or fewer are highlighted as expiring soon. */
export const LICENCE_EXPIRY_WARNING_DAYS = 30;
export const LICENCE_CHANGE_MAX = 1000;

export const licenceQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });

/**
 * A display unit of the site with the end of its licence (entity fields "Device licence"); eoLDate is the last
 * day the licence is valid (YYYY-MM-DD), null when it has no end. The battery it is mounted on, if any.
 */
export const deviceLicenceSchema = z.object({
  displayId: z.string(),
  hardwareSerialNumber: z.string(),
  eoLDate: z.string().nullable(),
  batterySerialNumber: z.string().nullable(),
  batteryName: z.string().nullable(),
});
export type DeviceLicence = z.infer<typeof deviceLicenceSchema>;
export const deviceLicencesSchema = z.array(deviceLicenceSchema);

/** Sets one end date for one or several devices of the site, all or none. */
export const licenceChangeBodySchema = z.object({
  displayIds: z
    .array(z.string().trim().min(1).max(100))
    .min(1)
    .max(LICENCE_CHANGE_MAX)
    .refine(isUnique, VALIDATION.duplicates),
  eoLDate: isoDateRule,
});
export type LicenceChangeBody = z.infer<typeof licenceChangeBodySchema>;
