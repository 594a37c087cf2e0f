import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { DEMO_PASSWORD, DEMO_USERS } from './demo/demo-users';
import { seedDemo } from './demo/seed-demo';

async function main() {
  const config = loadConfig(process.env, process.argv.includes('--demo') ? { DEMO: true } : {});
  const db = await openDatabase(config);
  if (config.DEMO && (await seedDemo(db))) console.log('Demo data seeded.');
  const app = await buildApp({ config, db });
  const shutdown = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(`CBM is running at ${url} (database: ${db.kind}${config.DATABASE_URL ? '' : ` in ${config.dataDir}`})`);
  if (config.DEMO) {
    console.log(`Demo sign-in (password "${DEMO_PASSWORD}"):`);
    for (const user of DEMO_USERS) console.log(`  ${user.email}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
