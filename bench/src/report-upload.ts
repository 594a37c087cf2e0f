import { parseReportCsv } from '../../apps/server/src/modules/reports/report-csv-parser';
import { adversarialReportCsvs, normalReportCsv } from '../../apps/server/test/report-csv-adversarial';
import { setting } from './smoke';

/**
 * Report upload benchmark (issue 20): the datalog parser on hostile files (long digit runs, quotes, separators,
 * BOMs, huge cells, many columns, the longest valid values) against a normal datalog of the same size, as
 * milliseconds per MB of input, with the longest time the event loop was held (goal: under 100 ms).
 * BENCH_UPLOAD_MB (8) per file, BENCH_ROUNDS (3); in the smoke run (BENCH_SMOKE=1) 1 MB, one round.
 */
const MB = 1024 * 1024;

export async function benchReportUpload(): Promise<void> {
  const megabytes = setting('BENCH_UPLOAD_MB', 8, 1);
  const rounds = setting('BENCH_ROUNDS', 3, 1);
  const normalData = Buffer.from(normalReportCsv(megabytes * MB));
  await best(1, normalData);
  const normal = await best(rounds, normalData);
  let worst = { name: '', msPerMb: 0 };
  const longest = { ...normal.stall };
  for (const [name, text] of Object.entries(adversarialReportCsvs(megabytes * MB))) {
    const result = await best(rounds, Buffer.from(text));
    console.log(`${name.padEnd(40)} ${line(result)} | ${result.outcome}`);
    if (result.msPerMb > worst.msPerMb) worst = { name, msPerMb: result.msPerMb };
    longest.wallMs = Math.max(longest.wallMs, result.stall.wallMs);
    longest.cpuMs = Math.max(longest.cpuMs, result.stall.cpuMs);
  }
  console.log(`${'normal datalog'.padEnd(40)} ${line(normal)}`);
  console.log(
    `Report upload parse, ${megabytes} MB files: worst adversarial ${worst.msPerMb.toFixed(1)} ms/MB (${worst.name}) | ` +
      `normal ${normal.msPerMb.toFixed(1)} ms/MB | adversarial/normal ${(worst.msPerMb / normal.msPerMb).toFixed(2)}× | ` +
      `event loop held at most ${longest.cpuMs.toFixed(0)} ms of CPU, ${longest.wallMs.toFixed(0)} ms of wall time (goal < 100 ms)`,
  );
}

const line = ({ msPerMb, stall }: Awaited<ReturnType<typeof best>>) =>
  `${msPerMb.toFixed(1).padStart(8)} ms/MB | loop held ${stall.cpuMs.toFixed(0)} ms CPU, ${stall.wallMs.toFixed(0)} ms wall`;

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The fastest of `rounds` parses (the least disturbed by other work), with the longest time between two turns of a
 * 5 ms timer in any round, as wall time and as this process's processor time (which a busy machine does not inflate).
 */
async function best(rounds: number, data: Buffer) {
  let msPerMb = Number.POSITIVE_INFINITY;
  const stall = { wallMs: 0, cpuMs: 0 };
  let outcome = 'read to the end';
  for (let round = 0; round < rounds; round++) {
    let last = { wall: performance.now(), cpu: cpuMs() };
    const turn = () => {
      const now = { wall: performance.now(), cpu: cpuMs() };
      stall.wallMs = Math.max(stall.wallMs, now.wall - last.wall);
      stall.cpuMs = Math.max(stall.cpuMs, now.cpu - last.cpu);
      last = now;
    };
    const probe = setInterval(turn, 5);
    const began = performance.now();
    try {
      for await (const _ of parseReportCsv(data));
    } catch (error) {
      outcome = `refused: ${(error as Error).message}`;
    }
    const elapsed = performance.now() - began;
    turn();
    clearInterval(probe);
    msPerMb = Math.min(msPerMb, elapsed / (data.length / MB));
  }
  return { msPerMb, stall, outcome };
}
