import { z } from 'zod';
import { UPDATE_JOB_STATUSES, updateJobStatusSchema } from './device-protocol';
import { operatingSiteIdSchema } from './sites';
import { VERSION_PATTERN } from './update-jobs';

/** Firmware library and campaigns in waves (docs/decisions/038-firmware-campaigns.md). */

export const CAMPAIGN_STATUSES = ['running', 'paused', 'cancelled', 'completed'] as const;
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;
export const CAMPAIGN_PAUSED_REASONS = ['user', 'failureThreshold'] as const;

export const DEFAULT_CAMPAIGN_WAVES = [5, 25, 70] as const;
export const DEFAULT_FAILURE_THRESHOLD_PERCENT = 10;
export const MAX_CAMPAIGN_WAVES = 10;
export const RELEASE_NOTES_MAX_LENGTH = 4000;
/** How often the campaign page reloads a running campaign. */
export const CAMPAIGN_REFRESH_MS = 3000;

/** A battery of a campaign before its job exists: waiting for its wave, or for its site's window. */
export const CAMPAIGN_BATTERY_STATES = ['pending', 'upToDate', ...UPDATE_JOB_STATUSES] as const;
export type CampaignBatteryState = (typeof CAMPAIGN_BATTERY_STATES)[number];

const batteryTypeSchema = z.string().trim().min(1).max(50);

/** The text fields of the release upload (multipart, with the file in `firmwareFile`). */
export const releaseUploadFieldsSchema = z.object({
  version: z.string().trim().regex(VERSION_PATTERN, 'validation.updateVersion'),
  batteryTypes: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((type) => type.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(batteryTypeSchema).min(1, 'validation.required')),
  releaseNotes: z.string().trim().max(RELEASE_NOTES_MAX_LENGTH).default(''),
});

export const siteQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });

export const firmwareReleaseSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  batteryTypes: z.array(z.string()),
  releaseNotes: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type FirmwareRelease = z.infer<typeof firmwareReleaseSchema>;
export const firmwareReleasesSchema = z.object({ releases: z.array(firmwareReleaseSchema) });

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const siteWindowSchema = z
  .object({
    from: z.string().regex(HH_MM, 'validation.timeOfDay'),
    to: z.string().regex(HH_MM, 'validation.timeOfDay'),
  })
  .refine((window) => window.from !== window.to, { message: 'validation.emptyWindow', path: ['to'] });
export type SiteWindow = z.infer<typeof siteWindowSchema>;

/** Which batteries a campaign updates: every list narrows the selection; empty lists do not. */
export const campaignTargetSchema = z.object({
  releaseId: z.number().int().positive(),
  operatingSiteIds: z.array(operatingSiteIdSchema).min(1).max(1000),
  groupIds: z.array(z.number().int().positive()).max(1000).default([]),
  batteryTypes: z.array(batteryTypeSchema).max(100).default([]),
  currentVersions: z.array(z.string().trim().min(1).max(32)).max(100).default([]),
  /** Only batteries whose firmware is not their organisation's expected version for their type (decision 111). */
  offExpectedVersion: z.boolean().default(false),
});
export type CampaignTarget = z.input<typeof campaignTargetSchema>;

export const campaignCreateSchema = campaignTargetSchema.extend({
  name: z.string().trim().min(1).max(100),
  waves: z
    .array(z.number().int().min(1).max(100))
    .min(1)
    .max(MAX_CAMPAIGN_WAVES)
    .default([...DEFAULT_CAMPAIGN_WAVES])
    .refine((waves) => waves.reduce((sum, wave) => sum + wave, 0) === 100, 'validation.wavesSum'),
  failureThresholdPercent: z.number().min(0).max(100).default(DEFAULT_FAILURE_THRESHOLD_PERCENT),
  siteWindows: z.record(z.string().regex(/^\d+$/), siteWindowSchema).default({}),
});
export type CampaignCreate = z.input<typeof campaignCreateSchema>;

/** GET /api/v2/firmware/campaign-sites: the sites a campaign started at the page's site can use. */
export const campaignSitesSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  sites: z.array(z.object({ operatingSiteId: z.number().int(), name: z.string() })),
});
export type CampaignSites = z.infer<typeof campaignSitesSchema>;

export const countsSchema = z.record(z.string(), z.number().int());

export const campaignPreviewSchema = z.object({
  total: z.number().int(),
  inStandby: z.number().int(),
  upToDate: z.number().int(),
  perSite: z.array(z.object({ operatingSiteId: z.number().int(), name: z.string(), count: z.number().int() })),
  perType: z.array(z.object({ batteryType: z.string(), count: z.number().int() })),
  batteries: z.array(
    z.object({
      batterySerialNumber: z.string(),
      operatingSiteId: z.number().int(),
      type: z.string(),
      firmwareVersion: z.string().nullable(),
      inStandby: z.boolean(),
    }),
  ),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

export const campaignIdParamsSchema = z.object({ campaignId: z.coerce.number().int().positive().max(2_147_483_647) });
export const campaignResumeSchema = z.object({ releaseId: z.number().int().positive().optional() });

export const campaignSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: campaignStatusSchema,
  pausedReason: z.enum(CAMPAIGN_PAUSED_REASONS).nullable(),
  release: z.object({ id: z.number().int(), version: z.string() }),
  waves: z.array(z.number().int()),
  currentWave: z.number().int(),
  failureThresholdPercent: z.number(),
  siteWindows: z.record(z.string(), siteWindowSchema),
  total: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;
export const campaignListSchema = z.object({ campaigns: z.array(campaignSummarySchema) });

export const campaignProgressSchema = campaignSummarySchema.extend({
  perState: countsSchema,
  /** Batteries whose command went out, whose device has it (any reply), and that gave a final reply (decision 072). */
  delivery: z.object({ sent: z.number().int(), received: z.number().int(), answered: z.number().int() }),
  perWave: z.array(z.object({ wave: z.number().int(), total: z.number().int(), states: countsSchema })),
  perSite: z.array(
    z.object({ operatingSiteId: z.number().int(), name: z.string(), total: z.number().int(), states: countsSchema }),
  ),
  failed: z.array(
    z.object({
      batterySerialNumber: z.string(),
      operatingSiteId: z.number().int(),
      wave: z.number().int(),
      status: updateJobStatusSchema,
      reason: z.string().nullable(),
    }),
  ),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

/** The wave of each of `count` batteries (1-based), in order: sizes rounded up, every wave gets one while any remain. */
export function waveOf(index: number, count: number, waves: readonly number[]): number {
  let end = 0;
  let percent = 0;
  for (const [position, share] of waves.entries()) {
    percent += share;
    const cumulative = position === waves.length - 1 ? count : Math.ceil((count * percent) / 100);
    end = Math.max(end + 1, cumulative);
    if (index < end) return position + 1;
  }
  return waves.length;
}

/** Whether a wave failed: more of its jobs failed than the threshold allows. */
export function waveFailed(failed: number, withJob: number, thresholdPercent: number): boolean {
  return withJob > 0 && (failed / withJob) * 100 > thresholdPercent;
}

/** Whether minute-of-day `minute` lies in the window (`to` before `from` spans midnight). */
export function inWindow(window: SiteWindow | undefined, minute: number): boolean {
  if (!window) return true;
  const toMinutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));
  const from = toMinutes(window.from);
  const to = toMinutes(window.to);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}
