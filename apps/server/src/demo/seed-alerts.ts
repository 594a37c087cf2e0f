import type { Queryable } from '../db/database';
import { alarmEventListener } from '../modules/alarms/alarm-event-listener';
import type { DemoFleet } from './demo-fleet';
import { toEventRecord } from './history';
import { lastErrorEvent } from './history-series';

/** The demo site whose alerts screens show examples; Stuttgart Hafen stays free for the end-to-end specs. */
export const DEMO_ALERT_SITE = 'Hamburg Hafen';
export const DEMO_ALERT_EMAIL = 'leitstand.hamburg@example.com';

/**
 * Example alert rules at DEMO_ALERT_SITE, written after the fleet: errors of every battery (all groups,
 * Ungrouped and all types), an inactive limit alert for one battery, and errors of every charger-station
 * type. Part of the one seeding transaction, so a seeded database never gets them twice.
 */
export async function seedDemoAlerts(db: Queryable): Promise<void> {
  const [site] = await db.query<{ id: number }>("SELECT id FROM site_node WHERE name = $1 AND type = 'operatingSite'", [
    DEMO_ALERT_SITE,
  ]);
  if (!site) return;
  await db.query(
    `INSERT INTO alert (product, operating_site_id, name, active, alert_on_error, group_ids, include_ungrouped,
                        battery_types, emails)
     SELECT 'battery', $1, 'Errors of all batteries', true, true,
            coalesce((SELECT array_agg(id ORDER BY id) FROM battery_group WHERE operating_site_id = $1), '{}'), true,
            coalesce((SELECT array_agg(DISTINCT battery_type) FROM battery WHERE operating_site_id = $1), '{}'),
            ARRAY[$2]`,
    [site.id, DEMO_ALERT_EMAIL],
  );
  await db.query(
    `INSERT INTO alert (product, operating_site_id, name, active, alert_on_warning, alert_on_limit, battery_serials,
                        emails)
     SELECT 'battery', $1, 'Limits of the first battery', false, true, true, ARRAY[min(serial_number)], ARRAY[$2]
       FROM battery WHERE operating_site_id = $1 HAVING count(*) > 0`,
    [site.id, DEMO_ALERT_EMAIL],
  );
  await db.query(
    `INSERT INTO alert (product, operating_site_id, name, active, alert_on_error, battery_types, emails)
     SELECT 'mdload', $1, 'Charger-station errors', true, true, array_agg(DISTINCT s.battery_model), ARRAY[$2]
       FROM charging_station s JOIN charging_station_group g ON g.id = s.group_id
       JOIN mdload_unit u ON u.id = g.mdload_unit_id
      WHERE u.operating_site_id = $1 AND s.battery_model IS NOT NULL
     HAVING count(*) > 0`,
    [site.id, DEMO_ALERT_EMAIL],
  );
}

/**
 * The alarms the example rules hold open: each battery's current error goes through ingestion's alarm listener,
 * as when the battery reported it, so that the inbox and the overview's active alarms agree with the errors shown.
 * After seedDemoAlerts, in the same transaction; no browser is listening yet.
 */
export async function seedDemoAlarms(db: Queryable, fleet: DemoFleet): Promise<void> {
  const raised = fleet.batteries.flatMap((battery) => {
    const event = battery.currentErrorCode ? lastErrorEvent(battery) : undefined;
    // The listener does not read the sequence number.
    return event ? [toEventRecord(event, 0)] : [];
  });
  await alarmEventListener(() => undefined)(db, raised);
}
