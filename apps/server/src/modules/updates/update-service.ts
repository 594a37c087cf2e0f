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
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import type { Upload } from '../../plugins/uploads';
import type { ValidationItem } from '../../plugins/validator-compiler';
import { auditRepository } from '../audit/audit-repository';
import type { ReceivedImage } from './update-file-store';
import { updateRepository } from './update-repository';

/** The multipart fields are not parsed by the route schema: answer their errors in its shape (decision 004). */
function bodyValidationError(error: z.ZodError) {
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
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + UPDATE_DOWNLOAD_TTL_MS);
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
    const hash = createHash('sha256').update(token).digest('hex');
    const jobId = await jobs.createJob({ serial, siteId, fileId, userId: user.id, token: { hash, expiresAt } });
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
  const jobs = updateRepository(db);
  try {
    const sent = await app.devices.sendCommand(
      serial,
      {
        type: 'firmwareUpdate',
        jobId,
        downloadUrl: `${origin}/api/v2/updates/${encodeURIComponent(serial)}/${jobId}/download?token=${token}`,
        sha256,
        expiresAt: expiresAt.toISOString(),
        version: upload.version,
      },
      { issuedBy: user.id },
    );
    await jobs.setCommand(jobId, sent.id);
  } catch (error) {
    await jobs.setStatus(jobId, 'failed', new Date(), 'the command could not be sent', true);
    throw error;
  }
  return { upToDate: false, job: (await jobs.get(jobId)) ?? null };
}
