import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { productionDependencies } from './production-dependencies';
import {
  CLI_ENTRY,
  DEPLOY_FILES,
  OUTPUT_DIR,
  RELEASE_FOLDER,
  ROOT,
  readJson,
  releaseVersion,
  START_COMMAND,
  tarballPath,
} from './release-layout';

/**
 * `npm run package` (after `npm run build`): release/cbm/ and release/cbm-VERSION.tar.gz, a folder that starts
 * with `node` and environment variables alone — the server bundle, the built web app, the server's assets and
 * migrations, its production dependencies as `npm ci` installed them here (native ones for this OS and CPU) and
 * the deploy files. Nothing else of the checkout.
 */
const SERVER_FILES = ['dist/main.js', 'dist/main.js.map', 'dist/cli.js', 'dist/cli.js.map', 'assets', 'migrations'];
const WEB_FILES = ['dist'];

const started = Date.now();
const version = releaseVersion();
const target = path.join(OUTPUT_DIR, RELEASE_FOLDER);
rmSync(target, { recursive: true, force: true });

copyFrom('apps/server', SERVER_FILES);
copyFrom('apps/web', WEB_FILES);
copyFrom('.', DEPLOY_FILES);
const dependencies = productionDependencies('apps/server');
for (const location of dependencies) {
  // A package's own nested node_modules are copied as locations of their own, only those it needs at run time;
  // a relative link stays relative (cpSync would point it into the checkout).
  cpSync(path.join(ROOT, location), path.join(target, location), {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => path.relative(path.join(ROOT, location), source).split(path.sep)[0] !== 'node_modules',
  });
}
writeManifests();

const tarball = tarballPath(version);
execFileSync('tar', [
  '--create',
  '--gzip',
  '--file',
  tarball,
  '--owner=0',
  '--group=0',
  '--numeric-owner',
  '--sort=name',
  '--directory',
  OUTPUT_DIR,
  RELEASE_FOLDER,
]);
const megabytes = (statSync(tarball).size / 1024 / 1024).toFixed(1);
console.log(
  `${path.relative(ROOT, tarball)}: ${megabytes} MB, ${dependencies.length} production packages, ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s`,
);

function copyFrom(base: string, files: string[]) {
  for (const file of files) {
    const source = path.join(ROOT, base, file);
    if (!existsSync(source)) throw new Error(`${path.relative(ROOT, source)} is missing: run npm run build first`);
    cpSync(source, path.join(target, base, file), { recursive: true, verbatimSymlinks: true });
  }
}

/** package.json files that say what the folder is and how it starts; the server's keeps "type": "module". */
function writeManifests() {
  const server = readJson<{ name: string; dependencies: Record<string, string> }>('apps/server/package.json');
  const { engines } = readJson<{ engines: Record<string, string> }>('package.json');
  const runtime = Object.fromEntries(Object.entries(server.dependencies).filter(([name]) => !name.startsWith('@cbm/')));
  writeJson('apps/server/package.json', {
    name: server.name,
    version,
    private: true,
    type: 'module',
    dependencies: runtime,
  });
  writeJson('package.json', {
    name: 'cbm',
    version,
    private: true,
    type: 'module',
    engines,
    scripts: { start: START_COMMAND.join(' '), cli: `node ${CLI_ENTRY}` },
  });
}

function writeJson(file: string, value: unknown) {
  mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
  writeFileSync(path.join(target, file), `${JSON.stringify(value, null, 2)}\n`);
}
