import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, uniqueId } from '../../../test/mqtt-devices';
import { MOSQUITTO_BIN, type PrivateMosquitto, startPrivateMosquitto } from '../../../test/private-mosquitto';
import { connectExternalBroker } from './external-broker';

const RECEIVE_MAXIMUM = 50;
const MESSAGES = 3000;

describe.skipIf(!MOSQUITTO_BIN)('a worker at Mosquitto with the shipped settings', () => {
  let broker: PrivateMosquitto;
  beforeAll(async () => {
    broker = await startPrivateMosquitto();
  });
  afterAll(() => broker?.stop());

  // Mosquitto 2.0.11 sends past the Receive Maximum once acknowledgements flow (decision 053).
  it('never holds more than its Receive Maximum unacknowledged, and still gets every message once', async () => {
    const uncommitted: (() => void)[] = [];
    const received = new Set<string>();
    let outstanding = 0;
    let mostOutstanding = 0;
    const worker = await connectExternalBroker({
      url: broker.url,
      clientId: uniqueId('cbm-gate'),
      shareGroup: uniqueId('g'),
      receiveMaximum: RECEIVE_MAXIMUM,
      log: { warn: () => undefined },
      sink: (message) => {
        received.add(message.payload.toString());
        mostOutstanding = Math.max(mostOutstanding, ++outstanding);
        return new Promise<void>((resolve) => uncommitted.push(resolve)).then(() => 'accepted' as const);
      },
    });
    const committing = setInterval(() => {
      for (const commit of uncommitted.splice(0, 20)) {
        outstanding--;
        commit();
      }
    }, 5);
    const device = await connectDevice(broker.url);
    try {
      const topic = `cbm/v1/battery/${uniqueId('B')}/telemetry`;
      for (let n = 1; n <= MESSAGES; n++) device.publish(topic, String(n), { qos: 1 });
      await expect.poll(() => received.size, { timeout: 30_000, interval: 50 }).toBe(MESSAGES);
      expect(mostOutstanding).toBeLessThanOrEqual(RECEIVE_MAXIMUM);
    } finally {
      clearInterval(committing);
      await device.endAsync(true);
      await worker.close();
    }
  });
});
