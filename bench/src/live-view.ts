import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import type { LiveViewFormat } from '@cbm/contracts/live-view';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cbm/demo-fixtures/demo-users';
import { chromium, type Page } from 'playwright-core';
import { benchServerArgs } from './node-flags';

/**
 * Live View benchmark (issue 4): a site with 99,999 batteries against one with 300, in the same run.
 * API response time and size (raw and gzip) in both formats (objects, and compact as the screen asks for it),
 * time to first render and to interactive in headless
 * Chromium, DOM node count, longest main-thread task while scrolling and searching, and search
 * keystroke to result. BENCH_DATABASE_URL runs the server on PostgreSQL.
 */
const LONG_TASKS = `window.__longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); })
  .observe({ type: 'longtask', buffered: true });`;

interface Figures {
  apiMs: number;
  rawKb: number;
  gzipKb: number;
  compactApiMs: number;
  compactRawKb: number;
  compactGzipKb: number;
  firstRenderMs: number;
  interactiveMs: number;
  domNodes: number;
  scrollLongestTaskMs: number;
  searchMs: number;
  searchLongestTaskMs: number;
}

/** The answer in both formats: the default objects and the compact arrays the screen asks for (decision 057). */
async function measureApi(base: string, cookie: string, siteId: number) {
  const objects = await measureAnswer(base, cookie, siteId, 'objects');
  const compact = await measureAnswer(base, cookie, siteId, 'compact');
  return {
    ...objects,
    compactApiMs: compact.apiMs,
    compactRawKb: compact.rawKb,
    compactGzipKb: compact.gzipKb,
  };
}

async function measureAnswer(base: string, cookie: string, siteId: number, format: LiveViewFormat) {
  const url = `${base}/api/v2/battery/BatteryLiveView?operatingSiteId=${siteId}&offset=0&limit=99999&format=${format}`;
  const times: number[] = [];
  let body = '';
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    body = await (await fetch(url, { headers: { cookie } })).text();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { apiMs: times[2] as number, rawKb: body.length / 1024, gzipKb: gzipSync(body).length / 1024 };
}

// Strings, not functions: this package is compiled without the DOM library.
const longestTask = (page: Page) => page.evaluate<number>('Math.max(0, ...window.__longTasks.splice(0))');

async function measureScreen(page: Page, base: string, siteId: number) {
  const response = page.waitForResponse((r) => r.url().includes('/BatteryLiveView?'));
  await page.goto(`${base}/${siteId}/live`);
  await response;
  const responded = performance.now();
  await page.getByRole('article').first().waitFor();
  const firstRenderMs = performance.now() - responded;
  // Interactive: a click on the view toggle is answered.
  await page.getByRole('radiogroup', { name: 'View' }).locator('label').filter({ hasText: 'List view' }).click();
  await page.getByRole('radio', { name: 'List view', checked: true }).waitFor({ state: 'attached' });
  const interactiveMs = performance.now() - responded;
  const domNodes = await page.evaluate<number>("document.querySelectorAll('*').length");
  await longestTask(page);

  for (let step = 0; step < 30; step++) {
    await page.mouse.wheel(0, 2000);
    await page.evaluate('new Promise(requestAnimationFrame)');
  }
  const scrollLongestTaskMs = await longestTask(page);

  const searchStart = performance.now();
  await page.getByRole('combobox', { name: 'Search battery name or serial' }).fill('Bench 000042');
  await page.getByRole('article', { name: 'Bench 000042' }).waitFor();
  await page.getByRole('article').nth(1).waitFor({ state: 'detached' });
  const searchMs = performance.now() - searchStart;
  const searchLongestTaskMs = await longestTask(page);
  return { firstRenderMs, interactiveMs, domNodes, scrollLongestTaskMs, searchMs, searchLongestTaskMs };
}

export async function benchLiveView() {
  const server = spawn(process.execPath, benchServerArgs(new URL('./live-view-server.ts', import.meta.url).pathname), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
  const { port, big, bigCount, small, database } = JSON.parse(line) as {
    port: number;
    big: number;
    bigCount: number;
    small: number;
    database: string;
  };
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    await context.addInitScript(LONG_TASKS);
    const login = await context.request.post(`${base}/api/v2/auth/login`, {
      data: { username: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
    });
    const cookie = (login.headers()['set-cookie'] ?? '').split(';')[0] ?? '';
    const page = await context.newPage();
    const run = async (siteId: number): Promise<Figures> => {
      await page.evaluate('localStorage.clear()').catch(() => undefined);
      return { ...(await measureApi(base, cookie, siteId)), ...(await measureScreen(page, base, siteId)) };
    };
    const baseline = await run(small);
    const large = await run(big);
    console.log(`Live View benchmark on ${database}: ${bigCount.toLocaleString('en')} batteries vs. 300 (same run)`);
    for (const key of Object.keys(baseline) as (keyof Figures)[]) {
      const ratio = baseline[key] > 0 ? `${(large[key] / baseline[key]).toFixed(1)}×` : '—';
      console.log(
        `${key.padEnd(22)} ${large[key].toFixed(1).padStart(10)}  (300: ${baseline[key].toFixed(1).padStart(8)})  ${ratio}`,
      );
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}
