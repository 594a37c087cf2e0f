import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, readJson } from './release-layout';

interface LockEntry {
  link?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

type LockPackages = Record<string, LockEntry>;

/**
 * The lockfile locations (`node_modules/a`, `node_modules/a/node_modules/b`) of the packages `workspace` needs at
 * run time, as `npm ci` installed them here: its dependencies and theirs, peers included, optional ones where
 * installed (the native builds for this OS and CPU). Workspace packages are left out: the server's bundle
 * inlines them (apps/server/build.mjs).
 */
export function productionDependencies(workspace: string): string[] {
  const { packages } = readJson<{ packages: LockPackages }>('package-lock.json');
  const found = new Set<string>();
  const visit = (from: string) => {
    for (const [name, optional] of runtimeNames(packages[from] ?? {})) {
      const location = resolve(packages, from, name);
      const entry = location ? packages[location] : undefined;
      const installed = location !== undefined && existsSync(path.join(ROOT, location, 'package.json'));
      if (!installed && !optional && !entry?.optional && !entry?.link) {
        throw new Error(`${name} (needed by ${from}) is not installed: run npm ci`);
      }
      if (!location || !installed || entry?.link || found.has(location)) continue;
      found.add(location);
      visit(location);
    }
  };
  visit(workspace);
  return [...found].sort();
}

/** Each package a lockfile entry needs at run time, and whether it may be missing. */
function runtimeNames(entry: LockEntry): [string, boolean][] {
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name): [string, boolean] => [name, false]),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name): [string, boolean] => [name, true]),
    ...Object.keys(entry.peerDependencies ?? {}).map((name): [string, boolean] => [
      name,
      entry.peerDependenciesMeta?.[name]?.optional === true,
    ]),
  ];
}

/** Node's lookup: the nearest node_modules/name above `from` that the lockfile knows. */
function resolve(packages: LockPackages, from: string, name: string): string | undefined {
  for (let dir = from; ; dir = parentOf(dir)) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
  }
}

/** `node_modules/a/node_modules/b` → `node_modules/a`; a workspace (`apps/server`) → the root. */
function parentOf(dir: string): string {
  const nested = dir.lastIndexOf('/node_modules/');
  return nested >= 0 ? dir.slice(0, nested) : '';
}
