import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://localhost:8080', '/signin': 'http://localhost:8080' },
  },
  build: { chunkSizeWarningLimit: 700 },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Rendering a chart with many series in jsdom took 10 s at a load average of 10 (CI, 2026-12-06).
    testTimeout: 30_000,
  },
});
