import { spawnSync } from 'node:child_process';
import type { StoredSamples } from './external-services';
import { expectStatus } from './release-http';

/** Around the samples, off the hour grid: the report counts them from the raw samples, no roll-up needed. */
const MARGIN_S = 60;

/** The signed-in user's PDF report of the samples' battery: a PDF, and (with pdftotext) the serial in its text. */
export async function expectReportPdf(base: string, cookie: string, samples: StoredSamples) {
  const query = new URLSearchParams({
    operatingSiteId: String(samples.site),
    timestampMin: String(Math.floor(samples.fromMs / 1000) - MARGIN_S),
    timestampMax: String(Math.ceil(samples.toMs / 1000) + MARGIN_S),
    language: 'en_US',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    pricePerKwh: '0.3',
  });
  const url = `${base}/api/v2/battery/Report/${samples.serial}/pdf?${query}`;
  const pdf = Buffer.from(await (await expectStatus(url, 200, { headers: { cookie } })).arrayBuffer());
  const start = pdf.subarray(0, 16).toString('latin1');
  if (!start.startsWith('%PDF'))
    throw new Error(`the report of ${samples.serial} is no PDF: it starts ${JSON.stringify(start)}`);
  const text = spawnSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });
  if (text.error && (text.error as NodeJS.ErrnoException).code === 'ENOENT') return;
  if (text.status !== 0)
    throw new Error(`pdftotext cannot read the report of ${samples.serial}: ${text.stderr.trim()}`);
  if (!text.stdout.includes(samples.serial))
    throw new Error(`the PDF report does not name its battery ${samples.serial}`);
}

const SERIES = [
  { name: 'process_cpu_seconds_total', line: /^process_cpu_seconds_total \d/m },
  { name: 'cbm_ingest_stored_total with a count', line: /^cbm_ingest_stored_total\{[^}]*\} [1-9]/m },
];

/** GET /metrics as Prometheus scrapes it: 401 without the bearer token or with another, 200 with the series. */
export async function expectMetrics(base: string, token: string) {
  await expectStatus(`${base}/metrics`, 401);
  await expectStatus(`${base}/metrics`, 401, { headers: { authorization: `Bearer not-${token}` } });
  const response = await expectStatus(`${base}/metrics`, 200, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  const missing = SERIES.filter((series) => !series.line.test(text)).map((series) => series.name);
  if (missing.length > 0) throw new Error(`GET /metrics with the token lacks ${missing.join(' and ')}`);
}
