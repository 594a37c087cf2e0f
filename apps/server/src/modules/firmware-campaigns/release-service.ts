import { AUDIT_ACTIONS } from '@cbm/contracts/audit';
import { releaseUploadFieldsSchema } from '@cbm/contracts/firmware-campaigns';
import { UPDATE_FILE_EXTENSIONS } from '@cbm/contracts/update-jobs';
import type { Database } from '../../db/database';
import { HttpError } from '../../http-error';
import type { Upload } from '../../plugins/uploads';
import { auditRepository } from '../audit/audit-repository';
import type { ReceivedImage } from '../updates/update-file-store';
import { bodyValidationError, keepUpdateFile } from '../updates/update-service';
import { releaseRepository, type StoredRelease } from './release-repository';

export interface AddRelease {
  organizationId: number;
  siteId: number;
  user: { id: number; email: string };
}

/**
 * Adds an uploaded file to the organisation's library (decision 038): field firmwareFile, an accepted ending,
 * not empty; version, battery types and release notes from the text fields. A version the library has is refused.
 */
export async function addRelease(db: Database, upload: Upload<ReceivedImage> | undefined, target: AddRelease) {
  if (upload?.fieldName !== 'firmwareFile') {
    throw new HttpError(400, 'updates.fileMissing', 'errors.firmwareFileMissing');
  }
  const fields = releaseUploadFieldsSchema.safeParse(upload.fields);
  if (!fields.success) throw bodyValidationError(fields.error);
  const lower = upload.fileName.toLowerCase();
  if (!UPDATE_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension))) {
    throw new HttpError(415, 'updates.fileType', 'errors.updateFileType', { types: UPDATE_FILE_EXTENSIONS.join(', ') });
  }
  if (upload.received.sizeBytes === 0) throw new HttpError(400, 'updates.fileMissing', 'errors.updateFileEmpty');
  const { version, batteryTypes, releaseNotes } = fields.data;
  const releases = releaseRepository(db);
  const id = await db.transaction(async (tx) => {
    const fileId = await keepUpdateFile(
      tx,
      { fileName: upload.fileName, image: upload.received, version },
      target.user.id,
    );
    const id = await releaseRepository(tx).insert({
      organizationId: target.organizationId,
      fileId,
      version,
      batteryTypes,
      releaseNotes,
      uploadedBy: target.user.id,
    });
    if (id === undefined) {
      throw new HttpError(409, 'campaigns.releaseExists', 'errors.firmwareReleaseExists', { version });
    }
    await auditRepository(tx).record({ userId: target.user.id, email: target.user.email }, [
      {
        action: AUDIT_ACTIONS.firmwareReleased,
        entityType: 'firmwareRelease',
        entityId: version,
        siteIds: [target.siteId],
        next: { version, batteryTypes, fileName: upload.fileName, sha256: upload.received.sha256 },
      },
    ]);
    return id;
  });
  return (await releases.get(target.organizationId, id)) as StoredRelease;
}
