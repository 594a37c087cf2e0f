import { readFileSync } from 'node:fs';
import path from 'node:path';

const serverPackage = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../apps/server/package.json'), 'utf8'),
) as { scripts: { serve: string } };

/** The Node flags `npm run serve` starts the server with (decision 061), so that a bench's server runs as it ships. */
const SERVER_NODE_FLAGS = serverPackage.scripts.serve.split(' ').filter((word) => word.startsWith('--'));

/** Node's arguments for a bench's server written in TypeScript: the shipped flags, then tsx and the script. */
export const benchServerArgs = (script: string, extra: readonly string[] = []) => [
  ...SERVER_NODE_FLAGS,
  ...extra,
  '--import',
  'tsx',
  script,
];
