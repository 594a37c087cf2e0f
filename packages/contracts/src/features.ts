import { z } from 'zod';

/** Feature flags a user holds globally (roles and permissions). */
export const FEATURES = [
  'cbm_liveview',
  'cbm_osadmin',
  'cbm_alert',
  'cbm_view',
  'cbm_filter',
  'cbm_datalog',
  'cbm_report',
  'cbm_statistic',
  'cbm_update',
  'cbm_mdliveview',
  'cbm_mdlalert',
  'cbm_mdstatistic',
  'cbm_mdevent',
] as const;

export const featureSchema = z.enum(FEATURES);
export type Feature = z.infer<typeof featureSchema>;
