import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; end-to-end tests run in Playwright (e2e/).
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; two took the unit tests from 161 to 90 s.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server-unit',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts'],
        },
      },
      {
        test: {
          name: 'server-api',
          root: 'apps/server',
          include: ['src/**/*.api.test.ts', 'test/**/*.api.test.ts'],
          // Files share their worker's modules: importing the server and starting PGlite once per worker
          // instead of once per file took 40 % off the suite. No API test mocks modules or changes globals.
          isolate: false,
          // One file at a time: on the machine's Mosquitto every test app hears every device topic in a share
          // group of its own, so two files at once heard each other's devices (an unknown-device count of 31
          // where the test sent 28). Its own group, because projects that run together share one worker count.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'simulator', root: 'apps/simulator', include: ['src/**/*.test.ts'], passWithNoTests: true },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
