import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOMS } from './boundary-rooms';
import { roomCircles } from './folder-cycles';

const REPOSITORY = resolve(import.meta.dirname, '..');
const trees: string[] = [];
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});
// dependency-cruiser runs as a process of its own: seconds on a busy machine.
const CRUISE_MS = 60_000;

/** The rules of .dependency-cruiser.cjs broken by a small web app of the given files, as "rule from → to". */
function brokenRules(files: Record<string, string>): string[] {
  const tree = mkdtempSync(join(tmpdir(), 'cbm-boundaries-'));
  trees.push(tree);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), source);
  }
  writeFileSync(join(tree, 'tsconfig.base.json'), JSON.stringify({ compilerOptions: { moduleResolution: 'bundler' } }));
  const output = execFileSync(
    join(REPOSITORY, 'node_modules/.bin/depcruise'),
    ['apps', '--config', join(REPOSITORY, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: tree, encoding: 'utf8' },
  );
  const violations = (
    JSON.parse(output) as { summary: { violations: { from: string; to: string; rule: { name: string } }[] } }
  ).summary.violations;
  return violations.map((violation) => `${violation.rule.name} ${violation.from} → ${violation.to}`).sort();
}

const WEB = 'apps/web/src';

describe('the boundary rules of the web app (decision 130)', () => {
  it(
    'refuses a feature reaching into another past its front door, and lib/ importing a feature',
    () => {
      const broken = brokenRules({
        [`${WEB}/features/alarms/index.ts`]: "export { inbox } from './inbox';\n",
        [`${WEB}/features/alarms/inbox.ts`]: 'export const inbox = 1;\n',
        [`${WEB}/features/overview/through-door.ts`]: "import { inbox } from '../alarms';\nexport const a = inbox;\n",
        [`${WEB}/features/overview/past-door.ts`]:
          "import { inbox } from '../alarms/inbox';\nexport const b = inbox;\n",
        [`${WEB}/lib/shared.ts`]: "import { inbox } from '../features/alarms';\nexport const c = inbox;\n",
      });
      expect(broken).toEqual([
        `web-feature-front-door ${WEB}/features/overview/past-door.ts → ${WEB}/features/alarms/inbox.ts`,
        `web-shared-below-features ${WEB}/lib/shared.ts → ${WEB}/features/alarms/index.ts`,
      ]);
    },
    CRUISE_MS,
  );

  it(
    "lets only the route table load a feature's page lazily",
    () => {
      const broken = brokenRules({
        [`${WEB}/features/events/components/events-page.tsx`]:
          'export default function EventsPage() { return null; }\n',
        [`${WEB}/app/route-table.ts`]:
          "export const page = () => import('../features/events/components/events-page');\n",
        [`${WEB}/app/elsewhere.ts`]: "export const page = () => import('../features/events/components/events-page');\n",
      });
      expect(broken).toContain(
        `web-lazy-pages ${WEB}/app/elsewhere.ts → ${WEB}/features/events/components/events-page.tsx`,
      );
      expect(broken.filter((line) => line.includes('route-table'))).toEqual([]);
    },
    CRUISE_MS,
  );
});

describe('the rooms whose circles the check finds', () => {
  it('finds two web features that import each other, and two server modules', () => {
    const edges = [
      [`${WEB}/features/alarms/a.ts`, `${WEB}/features/alerts/index.ts`],
      [`${WEB}/features/alerts/b.ts`, `${WEB}/features/alarms/index.ts`],
      ['apps/server/src/modules/auth/x.ts', 'apps/server/src/modules/users/y.ts'],
      ['apps/server/src/modules/users/z.ts', 'apps/server/src/modules/auth/w.ts'],
      [`${WEB}/features/overview/c.ts`, `${WEB}/lib/page-paths.ts`],
    ] as const;
    expect(roomCircles(edges, ROOMS)).toEqual([
      ['apps/server/src/modules/auth/', 'apps/server/src/modules/users/'],
      [`${WEB}/features/alarms/`, `${WEB}/features/alerts/`],
    ]);
  });
});
