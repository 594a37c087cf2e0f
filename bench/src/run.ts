import { benchApiThroughput } from './api-throughput';

/** `npm run bench`: every benchmark in turn; each prints its figures and their ratio to a baseline of the same run. */
const benchmarks: Record<string, () => Promise<void>> = {
  'api-throughput': benchApiThroughput,
};

const only = process.argv[2];
for (const [name, run] of Object.entries(benchmarks)) {
  if (only && only !== name) continue;
  console.log(`\n== ${name}`);
  await run();
}
