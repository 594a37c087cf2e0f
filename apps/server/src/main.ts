import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { startServer } from './start-server';

/** The production entry (`npm run serve`): no demo data and no simulator in this bundle; the demo starts from demo-main.ts. */
async function main() {
  const config = loadConfig(process.env);
  if (config.DEMO)
    throw new ConfigError('DEMO=true needs the demo build: start it with `npm start`, not `npm run serve`.');
  await startServer(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
