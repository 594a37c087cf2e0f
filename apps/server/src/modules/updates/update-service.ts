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
import type { CommandRequest } from '../device-commands/command-service';
import { updateBatchRepository } from './update-batch-repository';
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

/** The firmwareUpdate command of a job, with its download link (valid for this battery's job only). */
function firmwareUpdateCommand(job: JobCommand): CommandRequest {
  const { jobId, serial, token, origin } = job;
  return {
    type: 'firmwareUpdate',
    jobId,
    downloadUrl: `${origin}/api/v2/updates/${encodeURIComponent(serial)}/${jobId}/download?token=${token}`,
    sha256: job.sha256,
    expiresAt: job.expiresAt.toISOString(),
    version: job.version,
  };
}

/** Sends the job's firmwareUpdate command; a command that cannot be sent fails the job. */
async function sendJobCommand(app: FastifyInstance, db: Database, job: JobCommand, issuedBy: number | null) {
  const jobs = updateRepository(db);
  try {
    const sent = await app.devices.sendCommand(
      job.serial,
      firmwareUpdateCommand(job),
      issuedBy === null ? {} : { issuedBy },
    );
    await jobs.setCommand(job.jobId, sent.id);
  } catch (error) {
    await jobs.setStatus(job.jobId, 'failed', new Date(), 'the command could not be sent', true);
    throw error;
  }
}

export interface StoredUpdates {
  batteries: readonly { serial: string; siteId: number }[];
  /** An image kept in the store already (a firmware release of the library). */
  file: { id: number; sha256: string; version: string };
  createdBy: number | null;
  campaignId: number;
  origin: string;
}

/**
 * A campaign's jobs for a run's batteries (decisions 038, 046): like an upload's, without an upload, a few statements
 * for all of them instead of a transaction and several round trips each (under heavy ingestion every round trip waits
 * its turn). A battery that installs another job gets none; a command that cannot be sent leaves its job failed.
 * Answers each battery's new job id.
 */
export async function startStoredUpdates(app: FastifyInstance, db: Database, update: StoredUpdates) {
  const { file } = update;
  const expiresAt = newDownloadToken().expiresAt;
  const tokens = new Map(update.batteries.map((battery) => [battery.serial, newDownloadToken().token]));
  const created = await db.transaction(async (tx) => {
    const jobs = updateBatchRepository(tx);
    const open = await jobs.lockOpenJobs([...tokens.keys()], FINAL_JOB_STATUSES);
    const installing = new Set(open.filter((job) => !canTransition(job.status, 'obsolete')).map((job) => job.serial));
    await jobs.end(
      open.filter((job) => !installing.has(job.serial)).map((job) => job.id),
      'obsolete',
      null,
    );
    const batteries = update.batteries.filter((battery) => !installing.has(battery.serial));
    return jobs.create(
      batteries.map((battery) => ({ ...battery, tokenHash: tokenHash(tokens.get(battery.serial) as string) })),
      { fileId: file.id, userId: update.createdBy, expiresAt, campaignId: update.campaignId },
    );
  });
  const requests = [...created].map(([serial, jobId]) => ({
    serial,
    jobId,
    request: firmwareUpdateCommand({
      ...file,
      jobId,
      serial,
      token: tokens.get(serial) as string,
      expiresAt,
      origin: update.origin,
    }),
  }));
  const sent = await app.devices
    .sendCommands(requests, update.createdBy === null ? {} : { issuedBy: update.createdBy })
    .catch(() => requests.map(() => undefined));
  const jobs = updateBatchRepository(db);
  await jobs.setCommands(
    requests.flatMap(({ jobId }, index) => {
      const command = sent[index];
      return command ? [{ jobId, commandId: command.id }] : [];
    }),
  );
  await jobs.end(
    requests.filter((_, index) => !sent[index]).map(({ jobId }) => jobId),
    'failed',
    'the command could not be sent',
  );
  return created;
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
