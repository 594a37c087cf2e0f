import type { MqttClient } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDevice, defaultDeviceLimits, dropSession, TEST_MQTT_URL, uniqueId } from '../../../test/mqtt-devices';
import type { RawDeviceMessage } from '../device-protocol/device-message';
import type { DeviceCredential } from '../device-registry/broker-credentials';
import { hashSecret } from '../device-registry/device-secret';
import { BrokerAccess } from './broker-access';
import type { DeviceTransport } from './device-transport';
import { startEmbeddedBroker } from './embedded-broker';
import { connectExternalBroker } from './external-broker';

/** A sink whose "commits" the test completes one by one; other traffic at a shared broker passes at once. */
function controlledSink(topic: string) {
  const received: { payload: string; commit(): void }[] = [];
  const sink = (message: RawDeviceMessage) =>
    new Promise<void>((resolve) => {
      if (message.topic === topic) received.push({ payload: message.payload.toString(), commit: resolve });
      else resolve();
    }).then(() => 'accepted' as const);
  return { received, sink };
}

const poll = { timeout: 10_000, interval: 10 };
const quiet = { warn: () => undefined };
const publishAll = (device: MqttClient, topic: string, count: number, acked: Set<string>) => {
  for (let n = 1; n <= count; n++) {
    device.publish(topic, String(n), { qos: 1 }, (error) => {
      if (!error) acked.add(String(n));
    });
  }
};

describe('acknowledgement after commit', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  it('embedded broker: the device gets its PUBACK only once the message is committed', async () => {
    const topic = 'cbm/v1/battery/B1/telemetry';
    const { received, sink } = controlledSink(topic);
    const secret = 'a secret';
    const credential: DeviceCredential = {
      deviceClass: 'battery',
      serialNumber: 'B1',
      operatingSiteId: 1,
      certFingerprint: null,
      secretHash: await hashSecret(secret),
      revoked: false,
    };
    const access = new BrokerAccess({ credential: async () => credential }, () => undefined, quiet);
    const broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      sink,
      access,
      limits: defaultDeviceLimits(),
    });
    closing.push(() => broker.close());
    const device = await connectDevice(broker.url, {
      clientId: 'battery-B1',
      username: 'battery-B1',
      password: secret,
    });
    closing.push(() => device.endAsync(true));
    const acked = new Set<string>();
    publishAll(device, topic, 5, acked);

    const committed = new Set<string>();
    while (committed.size < 5) {
      await expect.poll(() => received.length, poll).toBeGreaterThan(committed.size);
      expect([...acked].every((payload) => committed.has(payload))).toBe(true);
      const next = received[committed.size];
      next?.commit();
      committed.add(next?.payload ?? '');
      await expect.poll(() => acked.has(next?.payload ?? ''), poll).toBe(true);
    }
    expect(acked).toEqual(new Set(['1', '2', '3', '4', '5']));
  });

  describe.each(TEST_MQTT_URL ? [TEST_MQTT_URL] : [])('external broker %s (mqtt.js customHandleAcks)', (url) => {
    it('holds many messages unacknowledged at once and gets back exactly those after a reconnect', async () => {
      const options = {
        url,
        clientId: uniqueId('cbm-acks'),
        shareGroup: uniqueId('g'),
        log: quiet,
      };
      closing.push(() => dropSession(url, options.clientId, 5));
      const topic = `cbm/v1/battery/${uniqueId('B')}/telemetry`;
      const first = controlledSink(topic);
      const worker: DeviceTransport = await connectExternalBroker({ ...options, sink: first.sink });
      const device = await connectDevice(url);
      closing.push(() => device.endAsync(true));
      publishAll(device, topic, 30, new Set());

      // mqtt.js would hand over one message at a time if the acknowledgement waited inside customHandleAcks.
      await expect.poll(() => first.received.length, poll).toBeGreaterThanOrEqual(10);
      for (const message of first.received.slice(0, 5)) message.commit();
      const committed = first.received.slice(0, 5).map((message) => message.payload);
      await worker.close();
      // Committed after the connection ended: the PUBACK must not go out on the next connection.
      for (const message of first.received.slice(5)) message.commit();

      const second = controlledSink(topic);
      const restarted = await connectExternalBroker({ ...options, sink: second.sink });
      closing.push(() => restarted.close());
      const redelivered = new Set<string>();
      await expect
        .poll(() => {
          for (const message of second.received) {
            message.commit();
            redelivered.add(message.payload);
          }
          return redelivered.size;
        }, poll)
        .toBe(25);
      expect(committed.some((payload) => redelivered.has(payload))).toBe(false);
    });
  });
});
