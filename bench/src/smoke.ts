/**
 * BENCH_SMOKE=1 (`npm run bench:smoke`, run by .ci/run): every benchmark end to end on small data for a few
 * seconds, so that a benchmark that no longer runs fails CI. Its figures mean nothing; `npm run bench` gives them.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** A numeric setting: the environment's value, else the full run's default, or the smoke run's. */
export const setting = (name: string, full: number, smoke: number): number =>
  Number(process.env[name] ?? (SMOKE ? smoke : full));

/** The PostgreSQL schema a benchmark keeps its data in: a smoke run never touches the full run's data set. */
export const benchSchema = (name: string) => (SMOKE ? `${name}_smoke` : name);
