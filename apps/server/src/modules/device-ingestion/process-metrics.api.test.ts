import { serverMetricsSchema } from '@cbm/contracts/ingest-metrics';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';

describeEachDatabase('process figures in /api/v2/metrics', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('reports event-loop delay and memory as JSON and in the Prometheus format', async () => {
    const admin = await t.signIn('admin@cbm.demo');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await t.request({ url: '/api/v2/metrics', cookie: admin });
    expect(response.statusCode).toBe(200);
    const metrics = serverMetricsSchema.parse(response.json());
    expect(metrics.process.rssBytes).toBeGreaterThan(10_000_000);
    expect(metrics.process.eventLoopDelayMs.p99).toBeGreaterThan(0);
    expect(metrics.process.eventLoopDelayMs.max).toBeGreaterThanOrEqual(metrics.process.eventLoopDelayMs.p99);

    const text = await t.request({ url: '/api/v2/metrics?format=prometheus', cookie: admin });
    expect(text.body).toMatch(/^cbm_process_event_loop_delay_ms\{quantile="0\.99"\} \d/m);
    expect(text.body).toMatch(/^cbm_process_resident_memory_bytes \d+$/m);
  });
});
