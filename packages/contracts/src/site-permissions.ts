import { z } from 'zod';
import { operatingSiteIdSchema } from './sites';

/**
 * Named permissions a user holds per operating site ("rules", roles and permissions).
 * The spec does not show the values; these are ours (docs/decisions/003-permissions.md).
 */
export const SITE_PERMISSIONS = {
  report: 'battery.report',
  statistic: 'battery.statistic',
  mdloadAlert: 'mdload.alert',
  mdloadEvent: 'mdload.event',
  mdloadLiveView: 'mdload.liveview',
  mdloadStatistic: 'mdload.statistic',
} as const;

export const SITE_PERMISSION_NAMES = Object.values(SITE_PERMISSIONS);
export type SitePermission = (typeof SITE_PERMISSIONS)[keyof typeof SITE_PERMISSIONS];
export const sitePermissionSchema = z.enum(SITE_PERMISSION_NAMES as [SitePermission, ...SitePermission[]]);

export const rulesQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
export const rulesResponseSchema = z.array(sitePermissionSchema);
export type Rules = z.infer<typeof rulesResponseSchema>;
