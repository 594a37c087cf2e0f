import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The Node flags a workspace's npm script starts its process with, e.g. `node --max-semi-space-size=64 …`. */
function scriptNodeFlags(workspace: string, script: string): string[] {
  const packageJson = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../..', workspace, 'package.json'), 'utf8'),
  ) as { scripts: Record<string, string> };
  const command = packageJson.scripts[script];
  if (command === undefined) throw new Error(`${workspace}/package.json has no "${script}" script`);
  return command.split(' ').filter((word) => word.startsWith('--'));
}

/** `npm run serve`'s flags (decision 061), so that a bench's server runs as it ships. */
const SERVER_NODE_FLAGS = scriptNodeFlags('apps/server', 'serve');

/** `npm run simulate`'s flags, so that the soak's load generator runs as people start it. */
const SIMULATOR_NODE_FLAGS = scriptNodeFlags('apps/simulator', 'simulate');

/** Node's arguments for a bench's server written in TypeScript: the shipped flags, then tsx and the script. */
export const benchServerArgs = (script: string, extra: readonly string[] = []) => [
  ...SERVER_NODE_FLAGS,
  ...extra,
  '--import',
  'tsx',
  script,
];

/** Node's arguments for the fleet simulator's CLI with `npm run simulate`'s flags. */
export const simulatorArgs = (cli: string) => [...SIMULATOR_NODE_FLAGS, '--import', 'tsx', cli];
