import { randomUUID } from 'node:crypto';
import { topicFor } from '@cbm/contracts/device-protocol';
import fc from 'fast-check';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addTestBatteries, connectDevice, deviceEvent, json, telemetry } from '../../../test/mqtt-devices';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { parseDeviceMessage } from '../device-protocol/device-message';

const now = Date.now();
const recent = fc.integer({ min: -3_600_000, max: 0 }).map((offset) => new Date(now + offset));
const farOff = fc.constantFrom(new Date('1999-01-01T00:00:00Z'), new Date(now + 24 * 3_600_000));

/** Valid payloads per channel, as a device would send them. */
const validPayload = (channel: string, ts: Date): Record<string, unknown> => {
  switch (channel) {
    case 'telemetry':
      return { ...telemetry(1, ts) };
    case 'event':
      return { ...deviceEvent(1, ts) };
    case 'info':
      return { ts: ts.toISOString(), batteryType: 'LFP 48V', versions: { firmware: '1.0.0' } };
    case 'status':
      return { online: true, ts: ts.toISOString() };
    default:
      return { id: randomUUID(), ts: ts.toISOString(), result: 'done' };
  }
};

/** Valid, slightly broken or garbage payloads for any channel. */
const payloadFor = (channel: string) =>
  fc.oneof(
    fc.tuple(fc.oneof(recent, farOff)).map(([ts]) => Buffer.from(json(validPayload(channel, ts)))),
    fc
      .tuple(recent, fc.string({ maxLength: 20 }), fc.anything())
      .map(([ts, key, value]) => Buffer.from(json({ ...validPayload(channel, ts), [key]: value }) ?? 'null')),
    fc.json().map((text) => Buffer.from(text)),
    fc.uint8Array({ maxLength: 80 }).map((bytes) => Buffer.from(bytes)),
  );

/**
 * Any device topic a gateway may publish to (the broker disconnects a client publishing anywhere else, before
 * ingestion sees it: broker-access.api.test.ts).
 */
const topicArbitrary = (serials: string[]) =>
  fc
    .tuple(
      fc.constantFrom('battery', 'charger', 'mdload'),
      fc.constantFrom(...serials, 'UNKNOWN-1'),
      fc.constantFrom('telemetry', 'event', 'info', 'status', 'cmd/reply'),
    )
    .map(([deviceClass, serial, channel]) => ({ topic: `cbm/v1/${deviceClass}/${serial}/${channel}`, channel }));

describeEachDatabase('malformed device messages', (kind) => {
  let t: TestApp;
  let device: MqttClient;
  let serials: string[];
  const poll = { timeout: 10_000, interval: 25 };

  beforeAll(async () => {
    // Hundreds of bad messages from one gateway on purpose: its budget must not end the connection here.
    t = await createTestApp(kind, { SAMPLE_RESOLUTION_SECONDS: 0, MQTT_BAD_MESSAGES_PER_MINUTE: 100_000 });
    await t.app.ready();
    ({ serials } = await addTestBatteries(t.db, 2));
    device = await connectDevice(t.app);
  });
  afterAll(async () => {
    await device.endAsync();
    await t.close();
  });

  it('are rejected and counted by reason, and never stop ingestion', async () => {
    const message = topicArbitrary(serials).chain(({ topic, channel }) =>
      payloadFor(channel).map((payload) => ({ topic, payload })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 15 }), async (messages) => {
        const expected: Record<string, number> = {};
        for (const { topic, payload } of messages) {
          if (!topic.startsWith('cbm/')) continue;
          const parsed = parseDeviceMessage({ topic, payload, receivedAt: new Date() });
          const reason =
            'rejection' in parsed
              ? parsed.rejection.reason
              : !serials.includes(parsed.message.serial) || parsed.message.deviceClass !== 'battery'
                ? 'unknown-device'
                : parsed.message.kind === 'reply'
                  ? 'unknown-command'
                  : undefined;
          if (reason) expected[reason] = (expected[reason] ?? 0) + 1;
        }
        const before = t.app.devices.metrics.snapshot().rejected;
        await Promise.all(messages.map(({ topic, payload }) => device.publishAsync(topic, payload, { qos: 1 })));
        const after = t.app.devices.metrics.snapshot().rejected;
        const delta = Object.fromEntries(
          Object.entries(after)
            .map(([reason, count]) => [reason, count - (before[reason] ?? 0)])
            .filter(([, count]) => count !== 0),
        );
        expect(delta).toEqual(expected);
      }),
      { numRuns: 40 },
    );

    const serial = serials[0] as string;
    const ts = new Date();
    await device.publishAsync(topicFor('battery', serial, 'telemetry'), json(telemetry(99, ts)), { qos: 1 });
    await expect
      .poll(
        async () =>
          (await t.db.query('SELECT 1 FROM battery_sample WHERE serial_number = $1 AND seq = 99', [serial])).length,
        poll,
      )
      .toBe(1);
  });

  it('disconnects a client that publishes a command', async () => {
    const intruder = await connectDevice(t.app);
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish(topicFor('battery', serials[0] as string, 'cmd'), json({ type: 'refresh' }), { qos: 1 });
    await closed;
    intruder.end(true);
  });

  it('shows its counters to administrators only', async () => {
    const admin = await t.signIn('admin@cbm.demo');
    const response = await t.request({ url: '/api/v2/metrics', cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      received: { telemetry: expect.any(Number) },
      rejected: { 'invalid-json': expect.any(Number), 'unknown-device': expect.any(Number) },
      queue: { depth: 0, limit: 20_000 },
      batchSize: { count: expect.any(Number) },
      commitSeconds: { buckets: expect.any(Object) },
    });
    const text = await t.request({ url: '/api/v2/metrics?format=prometheus', cookie: admin });
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toMatch(/^cbm_ingest_rejected_total\{reason="invalid-json"\} \d+$/m);
    expect(text.body).toMatch(/^cbm_ingest_commit_seconds_bucket\{le="\+Inf"\} \d+$/m);
    const operator = await t.request({ url: '/api/v2/metrics', cookie: await t.signIn('operator@cbm.demo') });
    expect(operator.statusCode).toBe(403);
    const invalid = await t.request({ url: '/api/v2/metrics?format=xml', cookie: admin });
    expect(invalid.statusCode).toBe(400);
  });
});
