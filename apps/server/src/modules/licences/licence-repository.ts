import type { DeviceLicence } from '@cbm/contracts/licences';
import type { Queryable } from '../../db/database';

interface LicenceRow {
  display_id: string;
  hardware_serial_number: string;
  eol_date: string | null;
  battery_serial_number: string | null;
  battery_name: string | null;
}

const toLicence = (row: LicenceRow): DeviceLicence => ({
  displayId: row.display_id,
  hardwareSerialNumber: row.hardware_serial_number,
  eoLDate: row.eol_date,
  batterySerialNumber: row.battery_serial_number,
  batteryName: row.battery_name,
});

// Dates leave the database as text: a JavaScript Date would shift them into the server's time zone.
const LICENCE_COLUMNS = `d.display_id, d.hardware_serial_number, to_char(d.eol_date, 'YYYY-MM-DD') AS eol_date,
  b.serial_number AS battery_serial_number, b.name AS battery_name`;

export function licenceRepository(db: Queryable) {
  return {
    /** The display units of the site, soonest licence end first. */
    async list(siteId: number): Promise<DeviceLicence[]> {
      const rows = await db.query<LicenceRow>(
        `SELECT ${LICENCE_COLUMNS}
           FROM display_unit d LEFT JOIN battery b ON b.display_id = d.display_id
          WHERE d.operating_site_id = $1
          ORDER BY d.eol_date NULLS LAST, d.display_id`,
        [siteId],
      );
      return rows.map(toLicence);
    },

    /** The named display units of the site, locked until the transaction ends. */
    async lock(siteId: number, displayIds: readonly string[]): Promise<DeviceLicence[]> {
      const rows = await db.query<LicenceRow>(
        `SELECT ${LICENCE_COLUMNS}
           FROM display_unit d LEFT JOIN battery b ON b.display_id = d.display_id
          WHERE d.operating_site_id = $1 AND d.display_id = ANY($2::text[])
          ORDER BY d.display_id
            FOR UPDATE OF d`,
        [siteId, displayIds],
      );
      return rows.map(toLicence);
    },

    async setEndDate(displayIds: readonly string[], eoLDate: string): Promise<void> {
      await db.query('UPDATE display_unit SET eol_date = $2::date WHERE display_id = ANY($1::text[])', [
        displayIds,
        eoLDate,
      ]);
    },
  };
}
