import type { FirmwareRelease } from '@cbm/contracts/firmware-campaigns';
import type { Queryable } from '../../db/database';
import { organizationOf } from '../sites/site-organization';

interface ReleaseRow {
  id: number;
  version: string;
  battery_types: string[];
  release_notes: string;
  file_id: number;
  file_name: string;
  sha256: string;
  size_bytes: string | number;
  uploaded_by: string | null;
  created_at: Date;
}

const RELEASE_SELECT = `SELECT r.id, r.version, r.battery_types, r.release_notes, f.id AS file_id, f.file_name, f.sha256,
    f.size_bytes, u.email AS uploaded_by, r.created_at
  FROM firmware_release r JOIN update_file f ON f.id = r.update_file_id LEFT JOIN app_user u ON u.id = r.uploaded_by`;

const toRelease = (row: ReleaseRow): FirmwareRelease & { fileId: number } => ({
  id: row.id,
  version: row.version,
  batteryTypes: row.battery_types,
  releaseNotes: row.release_notes,
  fileId: row.file_id,
  fileName: row.file_name,
  sha256: row.sha256,
  sizeBytes: Number(row.size_bytes),
  uploadedBy: row.uploaded_by,
  createdAt: new Date(row.created_at).toISOString(),
});
export type StoredRelease = ReturnType<typeof toRelease>;

export interface NewRelease {
  organizationId: number;
  fileId: number;
  version: string;
  batteryTypes: string[];
  releaseNotes: string;
  uploadedBy: number;
}

/** SQL of the firmware library: one per organisation (decision 038). */
export function releaseRepository(db: Queryable) {
  return {
    async organizationOfSite(siteId: number): Promise<number> {
      const [row] = await db.query<{ id: number }>(`SELECT ${organizationOf('$1')} AS id`, [siteId]);
      return (row as { id: number }).id;
    },

    /** The organisation of each site. */
    async organizationsOfSites(siteIds: readonly number[]): Promise<Map<number, number>> {
      const rows = await db.query<{ id: number; organization_id: number }>(
        `SELECT s.id, ${organizationOf('s.id')} AS organization_id FROM unnest($1::int[]) AS s(id)`,
        [[...siteIds]],
      );
      return new Map(rows.map((row) => [row.id, row.organization_id]));
    },

    /** The names of site-tree nodes (sites, organisations), for messages that name them; the id where none. */
    async names(nodeIds: readonly number[]): Promise<(id: number) => string> {
      const rows = await db.query<{ id: number; name: string }>(
        'SELECT id, name FROM site_node WHERE id = ANY($1::int[])',
        [[...nodeIds]],
      );
      const names = new Map(rows.map((row) => [row.id, row.name]));
      return (id) => names.get(id) ?? String(id);
    },

    async list(organizationId: number): Promise<StoredRelease[]> {
      const rows = await db.query<ReleaseRow>(`${RELEASE_SELECT} WHERE r.organization_id = $1 ORDER BY r.id DESC`, [
        organizationId,
      ]);
      return rows.map(toRelease);
    },

    async get(organizationId: number, id: number): Promise<StoredRelease | undefined> {
      const [row] = await db.query<ReleaseRow>(`${RELEASE_SELECT} WHERE r.organization_id = $1 AND r.id = $2`, [
        organizationId,
        id,
      ]);
      return row && toRelease(row);
    },

    /** The new release's id, or undefined when the organisation has that version already. */
    async insert(release: NewRelease): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO firmware_release (organization_id, update_file_id, version, battery_types, release_notes, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (organization_id, version) DO NOTHING RETURNING id`,
        [
          release.organizationId,
          release.fileId,
          release.version,
          release.batteryTypes,
          release.releaseNotes,
          release.uploadedBy,
        ],
      );
      return row?.id;
    },
  };
}
