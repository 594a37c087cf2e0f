import {
  type AlarmCondition,
  CARE_ALARM_METRICS,
  productOfMetric,
  type ThresholdRule,
  type ThresholdRuleBody,
} from '@cbm/contracts/alarms';
import type { AlertProduct } from '@cbm/contracts/alerts';
import type { Queryable } from '../../db/database';
import type { Language } from '../../i18n/messages';
import type { AlarmRef } from './alarm-changes';

/** A threshold or silence rule as ingestion and the silence job evaluate it. */
export interface ActiveRule extends ThresholdRule {
  language: Language;
}

export type RuleKind = 'threshold' | 'silence' | 'care';

const COLUMNS = `id, operating_site_id AS "operatingSiteId", name, active, battery_serials AS "batterySerials", emails,
  mail_recovery AS "mailRecovery", condition, language`;

const toRule = ({ language: _, ...rule }: ActiveRule): ThresholdRule => rule;

/**
 * Threshold and silence rules: rows of the alert table with a condition (decision 040), so that their mails
 * share the outbox, rate limit and digest of the event rules. Always scoped to an operating site.
 */
export function thresholdRuleRepository(db: Queryable) {
  return {
    async list(siteId: number, product: AlertProduct): Promise<ThresholdRule[]> {
      const rows = await db.query<ActiveRule>(
        `SELECT ${COLUMNS} FROM alert WHERE operating_site_id = $1 AND product = $2 AND condition IS NOT NULL
          ORDER BY lower(name), id`,
        [siteId, product],
      );
      return rows.map(toRule);
    },

    /**
     * The active rules of these sites (all sites: 'all') of one product and kind: threshold rules (ingestion),
     * silence rules (`noData`) or care rules (CARE_ALARM_METRICS), the last two judged by periodic jobs.
     */
    async active(siteIds: readonly number[] | 'all', kind: RuleKind, product: AlertProduct): Promise<ActiveRule[]> {
      return db.query<ActiveRule>(
        `SELECT ${COLUMNS} FROM alert
          WHERE active AND condition IS NOT NULL AND product = $3
            AND CASE WHEN condition->>'metric' = 'noData' THEN 'silence'
                     WHEN condition->>'metric' = ANY($4::text[]) THEN 'care' ELSE 'threshold' END = $2
            AND ($1::int[] IS NULL OR operating_site_id = ANY($1::int[]))`,
        [siteIds === 'all' ? null : siteIds, kind, product, CARE_ALARM_METRICS],
      );
    },

    async lock(siteId: number, product: AlertProduct, id: number): Promise<ThresholdRule | undefined> {
      const [row] = await db.query<ActiveRule>(
        `SELECT ${COLUMNS} FROM alert
          WHERE id = $1 AND operating_site_id = $2 AND product = $3 AND condition IS NOT NULL FOR UPDATE`,
        [id, siteId, product],
      );
      return row && toRule(row);
    },

    async create(body: ThresholdRuleBody, userId: number, language: Language): Promise<ThresholdRule> {
      const [row] = await db.query<ActiveRule>(
        `INSERT INTO alert (product, operating_site_id, name, active, battery_serials, emails, mail_recovery, condition,
                            created_by, language)
         VALUES ($10, $1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
        [body.operatingSiteId, ...values(body), userId, language, productOfMetric(body.condition.metric)],
      );
      return toRule(row as ActiveRule);
    },

    async update(id: number, body: ThresholdRuleBody): Promise<ThresholdRule> {
      const [row] = await db.query<ActiveRule>(
        `UPDATE alert SET name = $2, active = $3, battery_serials = $4, emails = $5, mail_recovery = $6, condition = $7,
                updated_at = now()
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, ...values(body)],
      );
      return toRule(row as ActiveRule);
    },

    /** Deletes the rule; its open alarms close (nothing could clear them any more) and keep its name. */
    async delete(id: number): Promise<AlarmRef[]> {
      const cleared = await db.query<AlarmRef>(
        `UPDATE alarm SET cleared_at = now() WHERE alert_id = $1 AND cleared_at IS NULL
          RETURNING id::int, operating_site_id AS "operatingSiteId", product`,
        [id],
      );
      await db.query('DELETE FROM alert WHERE id = $1', [id]);
      return cleared;
    },
  };
}

const values = (body: ThresholdRuleBody) => [
  body.name,
  body.active,
  body.batterySerials,
  body.emails,
  body.mailRecovery,
  JSON.stringify(body.condition satisfies AlarmCondition),
];
