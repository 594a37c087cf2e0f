import { createHash, randomBytes } from 'node:crypto';
import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { type BatteryListItem, compareVersions } from '@cbm/contracts/battery-list';
import { FINAL_JOB_STATUSES } from '@cbm/contracts/device-protocol';
import {
  canTransition,
  UPDATE_DOWNLOAD_TTL_MS,
  UPDATE_FILE_EXTENSIONS,
  type UpdateStartResponse,
  updateUploadFieldsSchema,
  VERSION_IN_FILE_NAME,
} from '@cbm/contracts/update-jobs';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database';
import { HttpError } from '../../http-error';
import type { Upload } from '../../plugins/uploads';
import type { ValidationItem } from '../../plugins/validator-compiler';
import { auditRepository } from '../audit/audit-repository';
import type { ReceivedImage } from './update-file-store';
import { updateRepository } from './update-repository';

/** The multipart fields are not parsed by the route schema: answer their errors in its shape (decision 004). */
export function bodyValidationError(error: z.ZodError) {
  const validation: ValidationItem[] = error.issues.map((issue) => ({
    instancePath: `/${issue.path.join('/')}`,
    message: issue.message,
    issue,
  }));
  return Object.assign(new Error('invalid upload fields'), { validation, validationContext: 'body' });
}

export interface ValidUpload {
  fileName: string;
  image: ReceivedImage;
  version: string;
}

/** The upload's file (field updateFile, an accepted type, not empty) and its version (field or file name). */
export function validUpload(upload: Upload<ReceivedImage> | undefined): ValidUpload {
  if (upload?.fieldName !== 'updateFile') {
    throw new HttpError(400, 'updates.fileMissing', 'errors.updateFileMissing');
  }
  const fields = updateUploadFieldsSchema.safeParse(upload.fields);
  if (!fields.success) throw bodyValidationError(fields.error);
  const lower = upload.fileName.toLowerCase();
  if (!UPDATE_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension))) {
    throw new HttpError(415, 'updates.fileType', 'errors.updateFileType', { types: UPDATE_FILE_EXTENSIONS.join(', ') });
  }
  if (upload.received.sizeBytes === 0) throw new HttpError(400, 'updates.fileMissing', 'errors.updateFileEmpty');
  const version = fields.data.version ?? VERSION_IN_FILE_NAME.exec(upload.fileName)?.[1];
  if (!version) throw new HttpError(400, 'updates.versionMissing', 'errors.updateVersionMissing');
  return { fileName: upload.fileName, image: upload.received, version };
}

export interface StartUpdate {
  battery: BatteryListItem;
  upload: ValidUpload;
  user: { id: number; email: string };
  siteId: number;
  /** Where the device downloads from: PUBLIC_URL or the address this request came to. */
  origin: string;
}

/**
 * Creates the job (older jobs that have not begun installing become obsolete), then sends the
 * firmwareUpdate command with a download link valid for this battery's job only (decision 025). A battery that runs the version
 * already gets no job.
 */
export async function startUpdate(
  app: FastifyInstance,
  db: Database,
  { battery, upload, user, siteId, origin }: StartUpdate,
): Promise<UpdateStartResponse> {
  const serial = battery.batterySerialNumber;
  if (battery.firmwareVersion && compareVersions(battery.firmwareVersion, upload.version) === 0) {
    return { upToDate: true, job: null };
  }
  await upload.image.keep();
  const { sha256, sizeBytes } = upload.image;
  const { token, expiresAt } = newDownloadToken();
  const jobId = await db.transaction(async (tx) => {
    const jobs = updateRepository(tx);
    const open = await jobs.lockOpenJobs(serial, FINAL_JOB_STATUSES);
    const installing = open.find((job) => !canTransition(job.status, 'obsolete'));
    if (installing) {
      throw new HttpError(409, 'updates.installing', 'errors.updateInstalling', { serial, status: installing.status });
    }
    for (const job of open) await jobs.setStatus(job.id, 'obsolete', new Date(), null, true);
    const fileId = await jobs.insertFile({
      fileName: upload.fileName,
      sha256,
      sizeBytes,
      version: upload.version,
      uploadedBy: user.id,
    });
    const jobId = await jobs.createJob({
      serial,
      siteId,
      fileId,
      userId: user.id,
      token: { hash: tokenHash(token), expiresAt },
      campaignId: null,
    });
    await auditRepository(tx).record({ userId: user.id, email: user.email }, [
      {
        action: AUDIT_ACTIONS.updateStarted,
        entityType: 'battery',
        entityId: serial,
        siteIds: [siteId],
        previous: { version: battery.firmwareVersion },
        next: { jobId, fileName: upload.fileName, version: upload.version, sha256 },
      },
    ]);
    return jobId;
  });
  await sendJobCommand(app, db, { jobId, serial, token, expiresAt, sha256, version: upload.version, origin }, user.id);
  const jobs = updateRepository(db);
  return { upToDate: false, job: (await jobs.get(jobId)) ?? null };
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function newDownloadToken() {
  return { token: randomBytes(32).toString('base64url'), expiresAt: new Date(Date.now() + UPDATE_DOWNLOAD_TTL_MS) };
}

interface JobCommand {
  jobId: number;
  serial: string;
  token: string;
  expiresAt: Date;
  sha256: string;
  version: string;
  origin: string;
}

/** Sends the job's firmwareUpdate command with its download link; a command that cannot be sent fails the job. */
async function sendJobCommand(app: FastifyInstance, db: Database, job: JobCommand, issuedBy: number | null) {
  const jobs = updateRepository(db);
  const { jobId, serial, token, sha256, version, origin } = job;
  try {
    const sent = await app.devices.sendCommand(
      serial,
      {
        type: 'firmwareUpdate',
        jobId,
        downloadUrl: `${origin}/api/v2/updates/${encodeURIComponent(serial)}/${jobId}/download?token=${token}`,
        sha256,
        expiresAt: job.expiresAt.toISOString(),
        version,
      },
      issuedBy === null ? {} : { issuedBy },
    );
    await jobs.setCommand(jobId, sent.id);
  } catch (error) {
    await jobs.setStatus(jobId, 'failed', new Date(), 'the command could not be sent', true);
    throw error;
  }
}

export interface StoredUpdate {
  serial: string;
  siteId: number;
  /** An image kept in the store already (a firmware release of the library). */
  file: { id: number; sha256: string; version: string };
  createdBy: number | null;
  campaignId: number;
  origin: string;
}

/**
 * A campaign's job for one battery (decision 038): like an upload's, without an upload. Answers null and creates
 * nothing while the battery installs another job; a command that cannot be sent leaves the job failed.
 */
export async function startStoredUpdate(app: FastifyInstance, db: Database, update: StoredUpdate) {
  const { serial, file } = update;
  const { token, expiresAt } = newDownloadToken();
  const jobId = await db.transaction(async (tx) => {
    const jobs = updateRepository(tx);
    const open = await jobs.lockOpenJobs(serial, FINAL_JOB_STATUSES);
    if (open.some((job) => !canTransition(job.status, 'obsolete'))) return null;
    for (const job of open) await jobs.setStatus(job.id, 'obsolete', new Date(), null, true);
    return jobs.createJob({
      serial,
      siteId: update.siteId,
      fileId: file.id,
      userId: update.createdBy,
      token: { hash: tokenHash(token), expiresAt },
      campaignId: update.campaignId,
    });
  });
  if (jobId === null) return null;
  const command = {
    jobId,
    serial,
    token,
    expiresAt,
    sha256: file.sha256,
    version: file.version,
    origin: update.origin,
  };
  await sendJobCommand(app, db, command, update.createdBy).catch(() => undefined);
  return jobId;
}

/** A cancelled campaign's jobs whose command has not gone out end as obsolete (decision 046). */
export async function obsoleteUnsentCampaignJobs(db: Queryable, campaignId: number): Promise<void> {
  await updateRepository(db).obsoleteUnsentCampaignJobs(campaignId);
}

/** Keeps an uploaded image in the store and answers its update_file row (the same bytes are stored once). */
export async function keepUpdateFile(
  db: Queryable,
  upload: { fileName: string; image: ReceivedImage; version: string },
  uploadedBy: number,
): Promise<number> {
  await upload.image.keep();
  const { sha256, sizeBytes } = upload.image;
  return updateRepository(db).insertFile({
    fileName: upload.fileName,
    sha256,
    sizeBytes,
    version: upload.version,
    uploadedBy,
  });
}
