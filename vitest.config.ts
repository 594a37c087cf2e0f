import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; end-to-end tests run in Playwright (e2e/).

const SERVER_ROOT = 'apps/server';

/**
 * The API test files whose apps ingest from the machine's Mosquitto when TEST_MQTT_URL is set: found by what
 * they import, so a new one cannot slip into the files that run two at a time.
 */
const SHARED_BROKER_TESTS = ['src', 'test']
  .flatMap((dir) =>
    readdirSync(path.join(import.meta.dirname, SERVER_ROOT, dir), { recursive: true, encoding: 'utf8' }).map((file) =>
      path.join(dir, file),
    ),
  )
  .filter((file) => file.endsWith('.api.test.ts'))
  .filter((file) =>
    /\b(BROKER_KINDS|TEST_MQTT_URL|brokerEnv)\b/.test(
      readFileSync(path.join(import.meta.dirname, SERVER_ROOT, file), 'utf8'),
    ),
  );

const serverApiTests = {
  root: SERVER_ROOT,
  // Files share their worker's modules: importing the server and starting PGlite once per worker
  // instead of once per file took 40 % off the suite. No API test mocks modules or changes globals.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

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
          ...serverApiTests,
          name: 'server-api',
          include: ['src/**/*.api.test.ts', 'test/**/*.api.test.ts'],
          exclude: SHARED_BROKER_TESTS,
        },
      },
      {
        test: {
          ...serverApiTests,
          name: 'server-api-broker',
          include: SHARED_BROKER_TESTS,
          // One file at a time: on the machine's Mosquitto every test app hears every device topic in a share
          // group of its own, so two files at once heard each other's devices (an unknown-device count of 31
          // where the test sent 28). Its own group, because projects that run together share one worker count.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: { name: 'device-model', root: 'packages/device-model', include: ['src/**/*.test.ts'] },
      },
      {
        test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'] },
      },
      {
        test: { name: 'simulator', root: 'apps/simulator', include: ['src/**/*.test.ts'], passWithNoTests: true },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
