import { createRequire } from 'node:module';
import { text } from 'node:stream/consumers';
import { ROOMS } from './boundary-rooms';
import { type Edge, roomCircles } from './folder-cycles';

/**
 * `npm run check:boundaries`: reads dependency-cruiser's JSON (the rules of .dependency-cruiser.cjs, decision 032)
 * from stdin, prints each broken rule, then the circles among the rooms of boundary-rooms.ts, which the per-file
 * `no-circular` rule cannot see: two folders that import each other through different files.
 */
const TESTS = (createRequire(import.meta.url)('./test-files.cjs') as string[]).map((pattern) => new RegExp(pattern));

interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: { from: string; to: string; rule: { name: string; severity: string } }[] };
}

const result = JSON.parse(await text(process.stdin)) as CruiseResult;
const broken = result.summary.violations.filter((violation) => violation.rule.severity === 'error');
const edges: Edge[] = result.modules
  .filter((module) => !TESTS.some((test) => test.test(module.source)))
  .flatMap((module) => module.dependencies.map((dependency): Edge => [module.source, dependency.resolved]));
const circles = roomCircles(edges, ROOMS);

for (const violation of broken) console.error(`error ${violation.rule.name}: ${violation.from} → ${violation.to}`);
for (const circle of circles) console.error(`error folder-circle: ${circle.join(' ↔ ')} import each other`);
if (broken.length > 0 || circles.length > 0) process.exit(1);
console.log(`no boundary broken and no folder circle (${result.modules.length} files)`);
