import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BROKER_KINDS, TEST_MQTT_URL, uniqueId } from '../../../test/mqtt-devices';
import { type BrokerRules, startEmbeddedBroker } from '../device-broker/embedded-broker';
import type { LiveChanges } from './live-hub';
import { connectLiveRelay } from './live-relay';

const poll = { timeout: 10_000, interval: 10 };
const quiet = { warn: () => undefined };
const openAccess: BrokerRules = {
  authenticate: async (clientId) => ({ username: clientId, deviceClass: 'gateway', serial: clientId, proof: '' }),
  publishRefusal: () => undefined,
  maySubscribe: () => true,
  refused: () => undefined,
  evict: () => undefined,
  stillValid: async () => true,
};
const changesOf = (siteId: number): LiveChanges => ({ siteId, batteries: [], mdloads: [], alerts: [], alarms: [] });

describe.each(BROKER_KINDS)('live relay over the %s broker', (broker) => {
  const closing: (() => Promise<void>)[] = [];
  let url: string;
  beforeEach(async () => {
    if (broker === 'mosquitto') url = TEST_MQTT_URL as string;
    else {
      // The relay serves external brokers; here the embedded one only carries its messages, open to these clients.
      const embedded = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', sink: null, access: openAccess });
      closing.push(() => embedded.close());
      url = embedded.url;
    }
  });
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  async function replica(shareGroup: string) {
    const heard: number[] = [];
    const relay = await connectLiveRelay({
      url,
      clientId: uniqueId('cbm-live-test'),
      shareGroup,
      log: quiet,
      onLive: (changes) => heard.push(changes.siteId),
    });
    closing.push(() => relay.close());
    return { relay, heard };
  }

  it('brings a replica the changes of the sites it watches, from any replica, and only while it watches', async () => {
    const group = uniqueId('g');
    const storing = await replica(group);
    const watching = await replica(group);
    const otherDeployment = await replica(uniqueId('g'));
    await watching.relay.watch(1);
    await watching.relay.watch(3);
    await otherDeployment.relay.watch(1);

    // One publisher's messages arrive in order: once site 1 is heard, site 2's would have been too.
    storing.relay.send(changesOf(2));
    storing.relay.send(changesOf(1));
    await expect.poll(() => watching.heard, poll).toEqual([1]);

    await watching.relay.unwatch(1);
    storing.relay.send(changesOf(1));
    storing.relay.send(changesOf(3));
    await expect.poll(() => watching.heard, poll).toEqual([1, 3]);
    expect(storing.heard).toEqual([]);
    expect(otherDeployment.heard).toEqual([]);
  });
});
