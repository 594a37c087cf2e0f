import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import { openPgliteDatabase } from '../../apps/server/src/db/pglite-database';
import { openPostgresDatabase } from '../../apps/server/src/db/postgres-database';
import { seedDemo } from '../../apps/server/src/demo/seed-demo';
import { setting } from './smoke';

/**
 * The Live View benchmark's server, in a child process: the demo data set plus batteries so that one
 * site holds 99,999 and another 300, spread over the site's groups (every fifth ungrouped). Serves the
 * built web app. Prints the port and both site ids as JSON.
 */
const BIG = setting('BENCH_LIVE_VIEW_BATTERIES', 99_999, 1_000);
const SMALL = 300;
const config = loadConfig({}, { LOG_LEVEL: 'silent', LOGIN_ATTEMPTS_PER_MINUTE: 1_000_000, MQTT_PORT: 0 });
const url = process.env.BENCH_DATABASE_URL;
const db = url
  ? await openPostgresDatabase({ connectionString: url, schema: `bench_${process.pid}` })
  : await openPgliteDatabase();
await migrate(db, config.migrationsDir);
await seedDemo(db);

const [big, small] = (await db.query<{ id: number }>('SELECT id FROM operating_site ORDER BY id LIMIT 2')).map(
  (row) => row.id,
) as [number, number];
async function fill(siteId: number, total: number, prefix: string) {
  await db.query(
    `WITH groups AS (SELECT array_agg(id ORDER BY id) AS ids FROM battery_group WHERE operating_site_id = $1)
     INSERT INTO battery (serial_number, operating_site_id, group_id, name, battery_type, product, status, online,
                          soc, soh, stack_voltage, min_cell_temperature, max_cell_temperature, last_data_timestamp,
                          next_service_date, current_error_code, last_error_at)
     SELECT $3::text || n, $1, CASE WHEN n % 5 = 0 THEN NULL ELSE ids[1 + n % cardinality(ids)] END,
            'Bench ' || lpad(n::text, 6, '0'), 'L80-930', 'Bench battery',
            (ARRAY['charging', 'discharging', 'standby', 'offline'])[1 + n % 4], n % 4 <> 3,
            n % 100, 90 + n % 10, 48 + n % 5, 20, 25 + n % 7, now() - make_interval(secs => (n % 600)::float8),
            current_date + n % 365, CASE WHEN n % 97 = 0 THEN 'E' || n % 50 END,
            CASE WHEN n % 31 = 0 THEN now() - interval '3 hours' END
       FROM groups, generate_series(1, $2::int - (SELECT count(*)::int FROM battery WHERE operating_site_id = $1)) AS n`,
    [siteId, total, prefix],
  );
}
await fill(big, BIG, 'BIG');
await fill(small, SMALL, 'SML');

const app = await buildApp({ config, db });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
console.log(JSON.stringify({ port, big, bigCount: BIG, small, database: db.kind }));

process.on('SIGTERM', async () => {
  await app.close();
  if (url) await db.query(`DROP SCHEMA bench_${process.pid} CASCADE`);
  await db.close();
  process.exit(0);
});
