import { setting } from './smoke';
import { BENCH_RANGE, BENCH_YEAR, measure, median, openBenchStatistics } from './statistics-data';

/**
 * Statistics benchmark (issue 7): total energy for a year, daily, grouped by serial, for 1,000 batteries on
 * PostgreSQL (goal: under 500 ms), against the same aggregate as raw SQL in the same run. BENCH_ROUNDS (10).
 */
const BATTERIES = setting('BENCH_STATISTICS_BATTERIES', 1_000, 50);
const ROUNDS = setting('BENCH_ROUNDS', 10, 2);

export async function benchStatistics() {
  const bench = await openBenchStatistics(setting('BENCH_EXPORT_BATTERIES', 10_000, 50));
  const serials = bench.serials.slice(0, BATTERIES);
  const url =
    `${bench.baseUrl}/api/v2/Statistics?operatingSiteId=${bench.siteId}&type=totalenergy&groupBy=serial` +
    `&granularity=day&${BENCH_RANGE}&serials=${serials.join(',')}`;
  let points = 0;
  const api = await measure(ROUNDS, async () => {
    const response = await fetch(url, { headers: { cookie: bench.cookie } });
    if (!response.ok) throw new Error(`statistics failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { periods: string[]; series: unknown[] };
    points = body.periods.length * body.series.length;
  });
  const raw = await measure(ROUNDS, () =>
    bench.db.query(
      `SELECT battery_serial_number, day, sum(energy_charged_kwh)::float8, sum(energy_discharged_kwh)::float8
         FROM battery_day WHERE operating_site_id = $1 AND day BETWEEN $2 AND $3
          AND battery_serial_number = ANY($4::text[])
        GROUP BY 1, 2`,
      [bench.siteId, BENCH_YEAR.first, BENCH_YEAR.last, serials],
    ),
  );
  console.log(
    `statistics [postgres] total energy, a year daily by serial, ${BATTERIES.toLocaleString('en')} batteries ` +
      `(${points.toLocaleString('en')} points), ${ROUNDS} rounds: API p50 ${median(api).toFixed(0)} ms ` +
      `(goal < 500 ms) | raw SQL p50 ${median(raw).toFixed(0)} ms | API/raw ${(median(api) / median(raw)).toFixed(2)}×`,
  );
  await bench.close();
}
