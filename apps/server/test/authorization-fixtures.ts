import type { Queryable } from '../src/db/database';

/**
 * For each route with a record id in its path, the id of such a record at another site than `ownSite` (or of
 * another user), keyed "METHOD /url" or "/url". The authorisation matrix fails for a route with an id that is
 * missing here.
 */
export async function otherSiteEntityIds(
  db: Queryable,
  otherSite: number,
  ownSite: number,
): Promise<Map<string, number>> {
  const one = async (sql: string, params: unknown[] = [otherSite]) =>
    (await db.query<{ id: number }>(sql, params))[0]?.id;
  const group = await one(
    `INSERT INTO battery_group (operating_site_id, name) VALUES ($1, 'Matrix group') RETURNING id`,
  );
  const alert = (product: string) =>
    one(
      `INSERT INTO alert (product, operating_site_id, name, alert_on_error, emails)
       VALUES ($2, $1, 'Matrix alert', true, '{matrix@cbm.test}') RETURNING id`,
      [otherSite, product],
    );
  const filter = (product: string) =>
    one(
      `INSERT INTO event_filter (product, user_id, name, columns, attribute_filters)
       SELECT $1, id, 'Matrix filter', '[]', '[]' FROM app_user WHERE email = 'admin@cbm.demo' RETURNING id`,
      [product],
    );
  const datalog = await one(
    `INSERT INTO datalog (battery_serial_number)
     SELECT serial_number FROM battery WHERE operating_site_id = $1 ORDER BY serial_number LIMIT 1 RETURNING id`,
  );
  const station = await one(
    `SELECT s.id FROM charging_station s
       JOIN charging_station_group g ON g.id = s.group_id
       JOIN mdload_unit u ON u.id = g.mdload_unit_id
      WHERE u.operating_site_id <> $1 ORDER BY s.id LIMIT 1`,
    [ownSite],
  );
  const ids = new Map<string, number | undefined>([
    ['/api/v2/BatteryGroup/:id', group],
    ['/api/v2/Alert/:id', await alert('battery')],
    ['/api/v2/mdload/MdloadAlert/:id', await alert('mdload')],
    ['/api/v2/battery/Filters/:id', await filter('battery')],
    ['/api/v2/mdload/MdloadEventsFilter/:id', await filter('mdload')],
    ['/api/v2/battery/Datalog/:id/download', datalog],
    ['/api/v2/mdload/MdLoadLiveView/:id/charger', station],
    ['/api/v2/mdload/MdLoadLiveView/:id/group', station],
  ]);
  return new Map([...ids].filter((entry): entry is [string, number] => entry[1] !== undefined));
}
