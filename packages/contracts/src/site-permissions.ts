import { z } from 'zod';
import type { Feature } from './features';
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

/**
 * The site rule a feature needs besides the feature itself: a user with the feature but without its rule at a
 * site has no menu entry for it there (the web app's route tables, decision 112).
 */
export const FEATURE_SITE_RULES = {
  cbm_report: SITE_PERMISSIONS.report,
  cbm_statistic: SITE_PERMISSIONS.statistic,
  cbm_mdliveview: SITE_PERMISSIONS.mdloadLiveView,
  cbm_mdlalert: SITE_PERMISSIONS.mdloadAlert,
  cbm_mdstatistic: SITE_PERMISSIONS.mdloadStatistic,
  cbm_mdevent: SITE_PERMISSIONS.mdloadEvent,
} as const satisfies Partial<Record<Feature, string>>;

export const SITE_PERMISSION_NAMES = Object.values(SITE_PERMISSIONS);
export type SitePermission = (typeof SITE_PERMISSIONS)[keyof typeof SITE_PERMISSIONS];
export const sitePermissionSchema = z.enum(SITE_PERMISSION_NAMES as [SitePermission, ...SitePermission[]]);

export const rulesQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
export const rulesResponseSchema = z.array(sitePermissionSchema);
export type Rules = z.infer<typeof rulesResponseSchema>;
