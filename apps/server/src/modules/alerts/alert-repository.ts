import {
  ALL_GROUPS,
  type Alert,
  type AlertBody,
  type AlertGroupId,
  type AlertProduct,
  chosenGroupIds,
  UNGROUPED,
} from '@cbm/contracts/alerts';
import type { Queryable } from '../../db/database';
import type { Language } from '../../i18n/messages';

interface AlertRow {
  id: number;
  operating_site_id: number;
  name: string;
  active: boolean;
  alert_on_error: boolean;
  alert_on_warning: boolean;
  alert_on_limit: boolean;
  group_ids: number[];
  include_ungrouped: boolean;
  battery_types: string[];
  battery_serials: string[];
  emails: string[];
}

const COLUMNS = `id, operating_site_id, name, active, alert_on_error, alert_on_warning, alert_on_limit,
  group_ids, include_ungrouped, battery_types, battery_serials, emails`;

/** A battery alert by type that narrows no group is the All groups choice (the matcher reads it so too). */
const groupSelection = (product: AlertProduct, row: AlertRow): AlertGroupId[] => {
  const ungrouped: AlertGroupId[] = row.include_ungrouped ? [UNGROUPED] : [];
  const groups = [...ungrouped, ...row.group_ids];
  const allGroups = product === 'battery' && groups.length === 0 && row.battery_serials.length === 0;
  return allGroups ? [ALL_GROUPS] : groups;
};

export const toAlert = (product: AlertProduct, row: AlertRow): Alert => ({
  id: row.id,
  operatingSiteId: row.operating_site_id,
  name: row.name,
  active: row.active,
  alertOnError: row.alert_on_error,
  alertOnWarning: row.alert_on_warning,
  alertOnLimit: row.alert_on_limit,
  groupId: groupSelection(product, row),
  batteryTypes: row.battery_types,
  batterySerials: row.battery_serials,
  emails: row.emails,
});

const values = (body: AlertBody) => [
  body.name,
  body.active,
  body.alertOnError,
  body.alertOnWarning,
  body.alertOnLimit,
  chosenGroupIds(body.groupId),
  body.groupId.includes(UNGROUPED),
  body.batteryTypes,
  body.batterySerials,
  body.emails,
];

/** SQL of alert rules, always scoped to a product and an operating site. */
export function alertRepository(db: Queryable, product: AlertProduct) {
  return {
    async list(siteId: number): Promise<Alert[]> {
      const rows = await db.query<AlertRow>(
        `SELECT ${COLUMNS} FROM alert WHERE product = $1 AND operating_site_id = $2 AND condition IS NULL ORDER BY lower(name), id`,
        [product, siteId],
      );
      return rows.map((row) => toAlert(product, row));
    },

    /** The alert of the site, locked until the transaction ends; undefined for another site's alert. */
    async lock(siteId: number, id: number): Promise<Alert | undefined> {
      const [row] = await db.query<AlertRow>(
        `SELECT ${COLUMNS} FROM alert WHERE id = $1 AND product = $2 AND operating_site_id = $3 AND condition IS NULL FOR UPDATE`,
        [id, product, siteId],
      );
      return row && toAlert(product, row);
    },

    async create(body: AlertBody, userId: number, language: Language): Promise<Alert> {
      const [row] = await db.query<AlertRow>(
        `INSERT INTO alert (name, active, alert_on_error, alert_on_warning, alert_on_limit, group_ids,
                            include_ungrouped, battery_types, battery_serials, emails,
                            product, operating_site_id, created_by, language)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING ${COLUMNS}`,
        [...values(body), product, body.operatingSiteId, userId, language],
      );
      return toAlert(product, row as AlertRow);
    },

    async update(id: number, body: AlertBody): Promise<Alert> {
      const [row] = await db.query<AlertRow>(
        `UPDATE alert SET name = $1, active = $2, alert_on_error = $3, alert_on_warning = $4, alert_on_limit = $5,
                group_ids = $6, include_ungrouped = $7, battery_types = $8, battery_serials = $9, emails = $10,
                updated_at = now()
          WHERE id = $11 RETURNING ${COLUMNS}`,
        [...values(body), id],
      );
      return toAlert(product, row as AlertRow);
    },

    async delete(id: number): Promise<void> {
      await db.query('DELETE FROM alert WHERE id = $1', [id]);
    },
  };
}
