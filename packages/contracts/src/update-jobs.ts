import { z } from 'zod';
import {
  FINAL_JOB_STATUSES,
  UPDATE_JOB_STATUSES,
  type UpdateJobStatus,
  updateJobStatusSchema,
} from './device-protocol';
import { batterySerialParamsSchema } from './live-view';
import { operatingSiteIdSchema } from './sites';

/**
 * The update job's state machine (docs/decisions/010-update-jobs.md). The device walks the main path
 * created → acknowledged → upload pending → started → in progress → executed → successfully finished;
 * a status may skip steps forward (a step the device did not report), never go back. 'in progress'
 * may repeat (percent done). Final statuses never change.
 */
export const UPDATE_JOB_PATH = [
  'created',
  'acknowledged',
  'upload pending',
  'started',
  'in progress',
  'executed',
  'successfully finished',
] as const satisfies readonly UpdateJobStatus[];

/** Side exits from the main path, and the statuses they may be reached from. */
const EXITS: Record<'rejected' | 'failed' | 'aborted' | 'obsolete' | 'discarded', readonly UpdateJobStatus[]> = {
  // The device refuses the command: before it started anything.
  rejected: ['created', 'acknowledged'],
  // Download, check or installation failed.
  failed: ['created', 'acknowledged', 'upload pending', 'started', 'in progress', 'executed'],
  // Stopped part-way: only once the BMS was being written.
  aborted: ['started', 'in progress', 'executed'],
  // Replaced by a newer job, or withdrawn by a user: only before the installation began.
  obsolete: ['created', 'acknowledged', 'upload pending'],
  discarded: ['created', 'acknowledged', 'upload pending'],
};

export const isFinalJobStatus = (status: UpdateJobStatus): boolean =>
  (FINAL_JOB_STATUSES as readonly UpdateJobStatus[]).includes(status);

/** Whether a job in `from` may move to `to`. */
export function canTransition(from: UpdateJobStatus, to: UpdateJobStatus): boolean {
  if (isFinalJobStatus(from)) return false;
  if (from === 'in progress' && to === 'in progress') return true;
  const fromIndex = (UPDATE_JOB_PATH as readonly UpdateJobStatus[]).indexOf(from);
  const toIndex = (UPDATE_JOB_PATH as readonly UpdateJobStatus[]).indexOf(to);
  if (toIndex >= 0) return fromIndex >= 0 && toIndex > fromIndex;
  return (EXITS[to as keyof typeof EXITS] ?? []).includes(from);
}

/** The status after `reported`, or null when the transition is not allowed (the caller logs it and stores nothing). */
export function nextStatus(current: UpdateJobStatus, reported: UpdateJobStatus): UpdateJobStatus | null {
  return canTransition(current, reported) ? reported : null;
}

/** Statuses in which the BMS is being written: no new job may replace it. */
export const INSTALLING_JOB_STATUSES = ['started', 'in progress', 'executed'] as const satisfies UpdateJobStatus[];

/** Statuses a running job (not over) may be in; the screen refreshes while a job is in one of them. */
export const RUNNING_JOB_STATUSES = UPDATE_JOB_STATUSES.filter((status) => !isFinalJobStatus(status));

/** Largest update file accepted (a BMS or IoT image). */
export const UPDATE_FILE_MAX_BYTES = 32 * 1024 * 1024;
/** File name endings accepted as update images. */
export const UPDATE_FILE_EXTENSIONS = ['.bin', '.hex', '.swu', '.img', '.zip'] as const;
/**
 * Firmware version in the file name, e.g. bms-5.13.0.bin. It starts where a run of digits starts, so a long run
 * without points is tried once, not from each of its digits (quadratic: decision 024).
 */
export const VERSION_IN_FILE_NAME = /(?:^|\D)(\d+\.\d+\.\d+)/;
export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._-]{0,31}$/;

/** How long the device's download link stays valid. */
export const UPDATE_DOWNLOAD_TTL_MS = 30 * 60 * 1000;

/** POST /battery/Update/{operatingSiteId}/{serial}. */
export const updateParamsSchema = z.object({
  operatingSiteId: operatingSiteIdSchema,
  serial: z.string().trim().min(1).max(100),
});

/**
 * The text fields of the upload. The spec names the job's fields; the server assigns id and
 * the three timestamps, so they must be empty. `version` is optional (else taken from the file name).
 */
const serverAssigned = z.literal('', 'validation.serverAssigned').optional();

export const updateUploadFieldsSchema = z.object({
  id: serverAssigned,
  createTimestamp: serverAssigned,
  acknowledgedTimestamp: serverAssigned,
  resultTimestamp: serverAssigned,
  version: z.string().trim().regex(VERSION_PATTERN, 'validation.updateVersion').optional(),
});

export const updateFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  sha256: z.string(),
  sizeBytes: z.number().int(),
  version: z.string().nullable(),
});
export type UpdateFile = z.infer<typeof updateFileSchema>;

/** An update job (entity fields) with its status (state rules) and the device's last word on it. */
/** How far a job's command got (decision 072): its sendings, its first reply (the battery has it), its final reply. */
export const commandDeliverySchema = z.object({
  sent: z.number().int(),
  receivedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type CommandDelivery = z.infer<typeof commandDeliverySchema>;

export const updateJobSchema = z.object({
  id: z.number().int(),
  updateFile: updateFileSchema,
  status: updateJobStatusSchema,
  detail: z.string().nullable(),
  createTimestamp: z.string(),
  acknowledgedTimestamp: z.string().nullable(),
  resultTimestamp: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** The firmware campaign the job belongs to (docs/decisions/038-firmware-campaigns.md), or null. */
  campaign: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Null while the job's command has not gone out. */
  delivery: commandDeliverySchema.nullable(),
});
export type UpdateJob = z.infer<typeof updateJobSchema>;

/** The answer of the upload: a new job, or none because the battery runs that version already. */
export const updateStartResponseSchema = z.object({
  upToDate: z.boolean(),
  job: updateJobSchema.nullable(),
});
export type UpdateStartResponse = z.infer<typeof updateStartResponseSchema>;

/**
 * The device's download of the image: GET /api/v2/updates/{serial}/{jobId}/download?token=…. The token opens
 * only that battery's job (docs/decisions/025-tenant-scoping.md).
 */
export const updateDownloadParamsSchema = batterySerialParamsSchema.extend({
  jobId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const updateDownloadQuerySchema = z.object({ token: z.string().min(16).max(200) });
