import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { licenceAllowed } from './spdx-allowed';

/**
 * `npm run check:deps`: the lockfile is there and matches every package.json; no installed package
 * has an install script unless package.json `allowScripts` names it; every production dependency
 * of apps/server and apps/web carries an allowed licence. Prints what is wrong and exits 1.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const PRODUCTS = ['apps/server', 'apps/web'];
/** Reviewed by hand: packages whose package.json names no SPDX licence, with what their LICENSE file says. */
const REVIEWED_LICENCES: Record<string, string> = {
  'png-js@2.0.0': 'MIT',
};
/** Scopes whose packages are released together and require each other at the same version: pinned alike. */
const LOCKSTEP_SCOPES = ['@mantine/'];
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

interface LockEntry {
  name?: string;
  version?: string;
  resolved?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  license?: string;
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  workspaces?: string[];
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
const problems: string[] = [];

const lockFile = path.join(ROOT, 'package-lock.json');
if (!existsSync(lockFile)) {
  console.error('package-lock.json is missing: run npm install and commit it.');
  process.exit(1);
}
const lock = readJson<{ lockfileVersion: number; packages: Record<string, LockEntry> }>('package-lock.json');
const packages = lock.packages;
const root = readJson<LockEntry & { allowScripts?: Record<string, boolean> }>('package.json');

// 1. Every workspace's declared dependencies are what the lockfile recorded (what `npm ci` insists on).
if (lock.lockfileVersion < 2)
  problems.push(`package-lock.json is lockfileVersion ${lock.lockfileVersion}; npm 7+ writes 3`);
for (const workspace of ['', ...(root.workspaces ?? []).flatMap(expandWorkspace)]) {
  const manifest = readJson<LockEntry>(path.join(workspace, 'package.json'));
  const locked = packages[workspace];
  if (!locked) {
    problems.push(`${workspace || 'the root'} is not in package-lock.json: run npm install`);
    continue;
  }
  for (const field of DEPENDENCY_FIELDS) {
    const declared = manifest[field] ?? {};
    const recorded = locked[field] ?? {};
    for (const name of new Set([...Object.keys(declared), ...Object.keys(recorded)])) {
      if (declared[name] !== recorded[name]) {
        problems.push(
          `${workspace || 'package.json'} ${field}.${name}: package.json says ${declared[name] ?? 'nothing'}, the lockfile ${recorded[name] ?? 'nothing'}`,
        );
      }
    }
  }
}

// 1b. A workspace pins the packages of a lockstep scope alike (an install without the lockfile stays consistent).
for (const workspace of ['', ...(root.workspaces ?? []).flatMap(expandWorkspace)]) {
  const manifest = readJson<LockEntry>(path.join(workspace, 'package.json'));
  for (const scope of LOCKSTEP_SCOPES) {
    const ranges = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(([name]) =>
      name.startsWith(scope),
    );
    if (new Set(ranges.map(([, range]) => range)).size > 1) {
      const listed = ranges.map(([name, range]) => `${name} ${range}`).join(', ');
      problems.push(
        `${workspace || 'package.json'} pins ${scope}* differently (${listed}): give them one exact version`,
      );
    }
  }
}

// 2. Installed packages match the lockfile, and only allowed ones run install scripts.
const allowScripts = new Set(Object.entries(root.allowScripts ?? {}).flatMap(([name, on]) => (on ? [name] : [])));
for (const [location, entry] of Object.entries(packages)) {
  if (!location.includes('node_modules/') || entry.link) continue;
  const manifestFile = path.join(ROOT, location, 'package.json');
  if (!existsSync(manifestFile)) {
    if (!entry.optional) problems.push(`${location} is in the lockfile but not installed: run npm ci`);
    continue;
  }
  const installed = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    name: string;
    version: string;
    scripts?: Record<string, string>;
  };
  if (installed.version !== entry.version) {
    problems.push(`${location} is ${installed.version}, the lockfile says ${entry.version}: run npm ci`);
  }
  const scripts = ['preinstall', 'install', 'postinstall'].filter((script) => installed.scripts?.[script]);
  const nativeBuild = existsSync(path.join(ROOT, location, 'binding.gyp')) && !installed.scripts?.install;
  if ((scripts.length > 0 || nativeBuild || entry.hasInstallScript) && !allowScripts.has(installed.name)) {
    const what = scripts.length > 0 ? scripts.join(', ') : nativeBuild ? 'node-gyp build' : 'an install script';
    problems.push(`${location} runs ${what} at install and is not in package.json allowScripts`);
  }
}

// 3. Licences of the production dependency trees of the products.
const licences = new Map<string, string>();
for (const product of PRODUCTS) walkProduction(product, product, new Set());
for (const [location, licence] of licences) {
  if (!licenceAllowed(licence)) problems.push(`${location}: licence "${licence}" is not on the allow-list`);
}

if (problems.length > 0) {
  console.error(`Dependency check failed:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `Dependencies OK: lockfile in sync, install scripts only from ${[...allowScripts].join(', ') || 'nobody'}, ` +
    `${licences.size} production packages of ${PRODUCTS.join(' and ')} with allowed licences.`,
);

function expandWorkspace(pattern: string): string[] {
  if (!pattern.endsWith('/*')) return [pattern];
  const parent = pattern.slice(0, -2);
  return Object.keys(packages).filter(
    (location) => path.dirname(location) === parent && !location.includes('node_modules'),
  );
}

/** Node's lookup: the nearest node_modules/name above `from` that the lockfile knows. */
function resolve(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dir.includes('node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '') {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
  }
}

function walkProduction(location: string, product: string, seen: Set<string>) {
  if (seen.has(location)) return;
  seen.add(location);
  const entry = packages[location];
  if (!entry) return;
  if (entry.link && entry.resolved) return walkProduction(entry.resolved, product, seen);
  if (location.includes('node_modules/')) {
    const name = location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const licence = REVIEWED_LICENCES[`${name}@${entry.version}`] ?? entry.license;
    licences.set(location, licence ?? 'none given');
  }
  for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
    const target = resolve(location, name);
    if (target) walkProduction(target, product, seen);
    else if (!entry.optionalDependencies?.[name])
      problems.push(`${product}: ${name} (needed by ${location}) is not in the lockfile`);
  }
}
