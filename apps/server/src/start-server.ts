import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import type { Database } from './db/database';
import { openDatabase, openReadDatabase } from './db/open-database';
import { replicaReads } from './db/read-database';

/** Something running next to the server that stops before it (the demo's simulated fleet). */
export interface Companion {
  stop(): Promise<void>;
}

export interface StartHooks {
  /** Runs on the open database before the app is built. */
  beforeBuild?: (db: Database) => Promise<void>;
  /** Runs once the server listens; what it returns is stopped on SIGTERM/SIGINT before the app closes. */
  afterListen?: (app: FastifyInstance, db: Database) => Promise<Companion | undefined>;
}

/** Opens the database, builds the app, listens and closes it all on SIGTERM/SIGINT: the one way the server starts. */
export async function startServer(config: Config, hooks: StartHooks = {}) {
  const db = await openDatabase(config);
  const replica = await openReadDatabase(config);
  await hooks.beforeBuild?.(db);
  const app = await buildApp({
    config,
    db,
    readDb: replica && replicaReads(replica),
    brokerSessionsDir: path.join(config.dataDir, 'mqtt-sessions'),
  });
  let companion: Companion | undefined;
  const shutdown = async () => {
    await companion?.stop();
    await app.close();
    await replica?.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(`CBM is running at ${url} (database: ${db.kind}${config.DATABASE_URL ? '' : ` in ${config.dataDir}`})`);
  if (app.devices.brokerUrl) console.log(`Devices connect to ${app.devices.brokerUrl}`);
  companion = await hooks.afterListen?.(app, db);
}
