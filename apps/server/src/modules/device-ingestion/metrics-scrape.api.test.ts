import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

const TOKEN = 'scrape-token-0123456789abcdef';

describe('GET /metrics for Prometheus', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { METRICS_TOKEN: TOKEN });
    off = await createTestApp('pglite');
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  it('answers 401 with a message that names the header, without a token or with a wrong one', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer ']) {
      const response = await t.request({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="cbm-metrics"');
      expect(response.json()).toMatchObject({
        code: 'auth.metricsTokenInvalid',
        message: expect.stringContaining('METRICS_TOKEN'),
      });
    }
    const german = await t.request({ url: '/metrics', headers: { 'accept-language': 'de' } });
    expect(german.json().message).toContain('Abruf-Token');
  });

  it('serves the standard process and Node series beside CBM’s with the token, without a session', async () => {
    const response = await t.request({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    for (const series of [
      /^process_cpu_seconds_total \d/m,
      /^process_resident_memory_bytes \d+/m,
      /^nodejs_eventloop_lag_p99_seconds \d/m,
      /^nodejs_heap_size_used_bytes \d+/m,
      /^cbm_ingest_queue_depth 0$/m,
      /^cbm_live_streams_open 0$/m,
      /^cbm_live_stream_recheck_failures_total 0$/m,
      /^cbm_ingest_commit_seconds_bucket\{le="\+Inf"\} \d+$/m,
      /^cbm_ingest_batch_size_count \d+$/m,
      /^cbm_broker_connected\{kind="embedded"\} 1$/m,
      /^cbm_process_event_loop_delay_ms\{quantile="0\.99"\} \d/m,
      /^# TYPE cbm_ingest_received_total counter$/m,
    ]) {
      expect(response.body).toMatch(series);
    }
  });

  it('keeps the same text behind an administrator’s session at /api/v2/metrics?format=prometheus', async () => {
    const admin = await t.signIn('admin@cbm.demo');
    const response = await t.request({ url: '/api/v2/metrics?format=prometheus', cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^process_cpu_seconds_total \d/m);
  });

  it('is off (404) while METRICS_TOKEN is unset', async () => {
    const response = await off.request({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
  });
});
