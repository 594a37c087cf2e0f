import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the real built app: global setup starts `apps/server/dist/demo-main.js`
 * on a free port with a fresh data directory (build first: `npm run test:e2e` does).
 * Chromium is Debian's (/usr/bin/chromium); Playwright's own browsers are never downloaded.
 */
export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  outputDir: './test-results',
  // Two cores shared by server and browser: a second worker measured no faster. One worker also keeps the
  // tests from meeting on the shared demo accounts (the theme test changes the admin's theme for a moment).
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1280, height: 800 },
    // A failed test keeps its trace with DOM snapshots; the trace's screencast took a quarter of the suite's time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        // Offline, as the tests expect: every host but the test server's fails at once.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
});
