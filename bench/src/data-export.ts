import { setting } from './smoke';
import { BENCH_RANGE, BENCH_YEAR, openBenchStatistics } from './statistics-data';

/**
 * Export benchmark (issue 7): a year, daily, of 10,000 batteries (BENCH_EXPORT_BATTERIES) as CSV over HTTP
 * from PostgreSQL, read as a stream: rows/s, the time to the first rows and the peak memory (RSS, heap) of
 * the process that serves it (and reads it), against a raw SQL aggregate over the same rows in the same run.
 */
export async function benchDataExport() {
  const batteries = setting('BENCH_EXPORT_BATTERIES', 10_000, 50);
  const bench = await openBenchStatistics(batteries);
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const began = performance.now();
  const response = await fetch(
    `${bench.baseUrl}/api/v2/Statistics/export?operatingSiteId=${bench.siteId}&serials=all&resolution=daily&${BENCH_RANGE}`,
    { headers: { cookie: bench.cookie, 'accept-language': 'de' } },
  );
  if (!response.ok || !response.body) throw new Error(`export failed: ${response.status} ${await response.text()}`);
  let lines = 0;
  let bytes = 0;
  let firstRows = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    // Counting with indexOf: a byte-by-byte loop here would take its share of the server's thread.
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
    if (!firstRows && lines > 1) firstRows = performance.now() - began;
  }
  const seconds = (performance.now() - began) / 1000;
  clearInterval(sampler);
  const rows = lines - 1;

  const rawBegan = performance.now();
  await bench.db.query(
    `SELECT count(*), sum(c), sum(d), sum(o) FROM (
       SELECT battery_serial_number, day, sum(energy_charged_kwh) AS c, sum(energy_discharged_kwh) AS d,
         sum(operating_ms) AS o FROM battery_day
        WHERE operating_site_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1, 2) x`,
    [bench.siteId, BENCH_YEAR.first, BENCH_YEAR.last],
  );
  const rawSeconds = (performance.now() - rawBegan) / 1000;
  const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `data-export [postgres] a year daily, ${batteries.toLocaleString('en')} batteries: ${rows.toLocaleString('en')} rows, ` +
      `${mb(bytes)} in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds).toLocaleString('en')} rows/s ` +
      `(first rows after ${Math.round(firstRows)} ms); ` +
      `peak RSS ${mb(peakRss)} (+${mb(peakRss - before.rss)}), peak heap ${mb(peakHeap)} (+${mb(peakHeap - before.heapUsed)}) | ` +
      `raw SQL aggregate ${rawSeconds.toFixed(1)} s | export/raw ${(seconds / rawSeconds).toFixed(2)}×`,
  );
  await bench.close();
}
