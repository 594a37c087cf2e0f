import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import { openPgliteDatabase } from '../../apps/server/src/db/pglite-database';
import { openPostgresDatabase } from '../../apps/server/src/db/postgres-database';
import { seedDemo } from '../../apps/server/src/demo/seed-demo';

/**
 * Runs in a child process so the load generator does not share its event loop: a bare Fastify
 * hello-world (the baseline) and the real CBM app on a demo database. Prints their ports as JSON.
 */
const config = loadConfig({}, { LOG_LEVEL: 'silent', LOGIN_ATTEMPTS_PER_MINUTE: 1_000_000, MQTT_PORT: 0 });
const url = process.env.BENCH_DATABASE_URL;
const db = url
  ? await openPostgresDatabase({ connectionString: url, schema: `bench_${process.pid}` })
  : await openPgliteDatabase();
await migrate(db, config.migrationsDir);
await seedDemo(db);

const baseline = Fastify();
baseline.get('/hello', async () => ({ hello: 'world' }));
const app = await buildApp({ config, db });
await baseline.listen({ port: 0, host: '127.0.0.1' });
await app.listen({ port: 0, host: '127.0.0.1' });

const port = (server: typeof app) => (server.server.address() as { port: number }).port;
console.log(JSON.stringify({ baselinePort: port(baseline), appPort: port(app), database: db.kind }));

process.on('SIGTERM', async () => {
  await app.close();
  await baseline.close();
  if (url) await db.query(`DROP SCHEMA bench_${process.pid} CASCADE`);
  await db.close();
  process.exit(0);
});
