import { type ChaosResult, passed, printChaosTable } from './chaos/chaos-row';
import { chaosScenarios } from './chaos/scenarios';
import { SMOKE, setting } from './smoke';

/**
 * `npm run chaos` (`-- <name>` for one): each fault with an outside ledger and SQL counts, then one table. Fails
 * (exit 1) when a row lost something, doubled more than its decision allows, or did not finish within its deadline
 * (CHAOS_ROW_SECONDS). BENCH_SMOKE=1 runs the scenarios marked for it, briefly (.ci/run).
 */
const only = process.argv[2];
// Stopped from outside (Ctrl-C): the exit handlers stop what the scenarios started (servers, clusters).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
const rowSeconds = setting('CHAOS_ROW_SECONDS', 900, 120);
const scenarios = chaosScenarios.filter((scenario) => (only ? scenario.name === only : !SMOKE || scenario.smoke));
if (scenarios.length === 0) throw new Error(`no chaos scenario ${only}`);
const results: ChaosResult[] = [];
for (const scenario of scenarios) {
  console.log(`\n== ${scenario.name}`);
  const started = performance.now();
  const deadline = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`not finished within ${rowSeconds} s`)), rowSeconds * 1000).unref(),
  );
  try {
    const rows = [await Promise.race([scenario.run(SMOKE), deadline])].flat();
    results.push(...rows.map((row) => ({ row, window: scenario.window })));
  } catch (error) {
    console.error(error);
    const row = { fault: scenario.name, sent: 0, acknowledged: 0, stored: 0, lost: 0, twice: 0, recoverySeconds: null };
    const failure = `did not run to the end: ${error instanceof Error ? error.message : String(error)}`;
    results.push({ row, window: scenario.window, failure });
    // What it started may still run: the suite stops here (its server processes are killed on exit).
    break;
  }
  console.log(`   ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
console.log(`\n== chaos table (${new Date().toISOString().slice(0, 10)})`);
printChaosTable(results);
process.exit(results.every(passed) ? 0 : 1);
