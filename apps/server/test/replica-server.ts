import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openPostgresDatabase } from '../src/db/postgres-database';

/**
 * One server replica for the scale-out test (its own process): the real app from the environment
 * (MQTT_URL, MQTT_CLIENT_ID, MQTT_SHARE_GROUP…) on PostgreSQL schema REPLICA_SCHEMA, plus a test
 * job that every replica schedules and that writes down who ran it when. Prints {"port"} when ready.
 */
const config = loadConfig(process.env);
const db = await openPostgresDatabase({
  connectionString: process.env.TEST_DATABASE_URL as string,
  schema: process.env.REPLICA_SCHEMA as string,
  max: 4,
});
await migrate(db, config.migrationsDir);
const app = await buildApp({ config, db });
app.jobs.schedule({
  name: 'scale-out-test',
  everyMs: Number(process.env.REPLICA_JOB_EVERY_MS ?? 300),
  async run() {
    const [run] = await db.query<{ id: number }>(
      'INSERT INTO scale_out_job_run (holder, started_at) VALUES ($1, clock_timestamp()) RETURNING id',
      [config.MQTT_CLIENT_ID],
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    await db.query('UPDATE scale_out_job_run SET finished_at = clock_timestamp() WHERE id = $1', [run?.id]);
  },
});
await app.listen({ port: Number(process.env.REPLICA_PORT ?? 0), host: '127.0.0.1' });
console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port }));

process.once('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
