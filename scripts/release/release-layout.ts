import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where `npm run package` puts the release and what it holds; `check:release`, the Dockerfile and the deploy
 * files (checked by deploy-files.test.ts) rely on the same names.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const OUTPUT_DIR = path.join(ROOT, 'release');
/** The folder the tarball unpacks to, also left in OUTPUT_DIR for the Dockerfile's runtime stage. */
export const RELEASE_FOLDER = 'cbm';
/** How the release starts, in its folder (decision 061: a 64 MB young generation). */
export const START_COMMAND = ['node', '--max-semi-space-size=64', 'apps/server/dist/main.js'];
export const CLI_ENTRY = 'apps/server/dist/cli.js';
/** Deploy files that work without the checkout (compose builds the image from it, so it stays out). */
export const DEPLOY_FILES = [
  'deploy/systemd/cbm.service',
  'deploy/mosquitto/cbm.conf',
  'deploy/mosquitto/cbm-dynsec.conf',
  'deploy/mosquitto/conf.d/persistence.conf',
  'deploy/rabbitmq/rabbitmq.conf',
  'deploy/rabbitmq/enabled_plugins',
];

export const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;

export const releaseVersion = (): string => readJson<{ version: string }>('apps/server/package.json').version;

export const tarballPath = (version: string): string => path.join(OUTPUT_DIR, `cbm-${version}.tar.gz`);
