import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BROKER_KINDS,
  brokerEnv,
  defaultDeviceLimits,
  dropSession,
  TEST_MQTT_URL,
  uniqueId,
} from '../../../test/mqtt-devices';
import { openSse } from '../../../test/sse-client';
import { startTcpProxy } from '../../../test/tcp-proxy';
import { createTestApp } from '../../../test/test-app';
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
      const embedded = await startEmbeddedBroker({
        port: 0,
        host: '127.0.0.1',
        sink: null,
        access: openAccess,
        limits: defaultDeviceLimits(),
      });
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

    // A replica does not hear its own changes back: its hub showed them at once. Once another replica heard
    // them, the broker had them before the next change, which the sender does hear.
    await watching.relay.watch(4);
    await storing.relay.watch(4);
    watching.relay.send(changesOf(4));
    await expect.poll(() => storing.heard, poll).toEqual([4]);
    storing.relay.send(changesOf(3));
    await expect.poll(() => watching.heard, poll).toEqual([1, 3, 3]);
  });

  it('drops changes while the broker takes none, instead of piling them up in memory, and relays again after', async () => {
    const proxy = await startTcpProxy('127.0.0.1', Number(new URL(url).port));
    closing.push(() => proxy.close());
    const group = uniqueId('g');
    const watching = await replica(group);
    await watching.relay.watch(1);
    const warnings: unknown[] = [];
    const sending = await connectLiveRelay({
      url: `mqtt://127.0.0.1:${proxy.port}`,
      clientId: uniqueId('cbm-live-test'),
      shareGroup: group,
      log: { warn: (...args: unknown[]) => warnings.push(args.at(-1)) },
      onLive: () => undefined,
    });
    closing.push(() => sending.close());

    proxy.hold();
    // ~25 MB of changes against a broker that reads nothing: past the kernel's buffers and the relay's 8 MB.
    for (let n = 0; n < 250_000; n++) sending.send(changesOf(2));
    expect(warnings).toContain('live relay behind: changes dropped until the broker takes them again');

    proxy.release();
    await expect
      .poll(() => {
        sending.send(changesOf(1));
        return watching.heard.includes(1);
      }, poll)
      .toBe(true);
    expect(warnings).toContain('live relay caught up');
  });
});

describe.skipIf(!TEST_MQTT_URL)('a live stream of several sites over the relay', () => {
  it('hears each site through its topic', { timeout: 180_000 }, async () => {
    const env = brokerEnv('mosquitto');
    const t = await createTestApp('pglite', env);
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as { port: number }).port;
      const [first, second] = (
        await t.db.query<{ id: number }>('SELECT id FROM operating_site ORDER BY id LIMIT 2')
      ).map((row) => row.id) as [number, number];
      const stream = await openSse(
        `http://127.0.0.1:${port}/api/v2/live/stream?operatingSiteId=${first},${second}&events=alarm`,
        { cookie: await t.signIn('admin@cbm.demo') },
      );
      // Ready once the broker confirmed both sites' topics: what is published now comes back through them.
      await expect.poll(() => stream.events.map((entry) => entry.event), poll).toEqual(['ready']);
      t.app.devices.live.publishAlarms(
        [second, first].map((operatingSiteId) => ({
          operatingSiteId,
          product: 'battery' as const,
          state: 'open' as const,
          alarmIds: [1],
        })),
      );
      await expect
        .poll(() => stream.events.flatMap((entry) => (entry.event === 'alarm' ? [entry.data] : [])), poll)
        .toEqual([
          expect.objectContaining({ operatingSiteId: second }),
          expect.objectContaining({ operatingSiteId: first }),
        ]);
      stream.close();
    } finally {
      await t.close();
      await dropSession(TEST_MQTT_URL as string, env.MQTT_CLIENT_ID as string, 5);
    }
  });
});
