import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDeviceLimits } from '../../../test/mqtt-devices';
import { type BrokerRules, startEmbeddedBroker } from './embedded-broker';

const COMMANDS = 200;
const everyoneMay: BrokerRules = {
  authenticate: async (_clientId, _conn, username) => ({ username: username ?? 'gw' }) as never,
  publishRefusal: () => undefined,
  maySubscribe: () => true,
  refused: () => undefined,
  evict: () => undefined,
  stillValid: async () => true,
};

/**
 * aedes numbers a published packet when it is handed over and forwards to a client only packets numbered above the
 * last it forwarded there ("dedupe"). With sessions on disk (DATA_DIR/mqtt-sessions), queueing a packet for the
 * persistent sessions takes a disk write, so concurrent publishes reach the clients out of their numbering and the
 * later-numbered one made aedes drop the earlier one as a duplicate: commands stored as sent that no subscriber got.
 */
describe('embedded broker with sessions on disk', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  it('delivers every one of many concurrently published commands to a persistent subscriber', async () => {
    const sessionsDir = await mkdtemp(path.join(tmpdir(), 'cbm-publish-order-'));
    closing.push(() => rm(sessionsDir, { recursive: true, force: true }));
    const broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      sink: null,
      access: everyoneMay,
      sessionsDir,
      limits: defaultDeviceLimits(),
    });
    closing.push(() => broker.close());
    const received = new Set<string>();
    const watcher = await mqtt.connectAsync(broker.url, { clientId: 'watcher', username: 'gw', clean: false });
    closing.push(() => watcher.endAsync());
    watcher.on('message', (_topic, payload) => received.add(payload.toString()));
    await watcher.subscribeAsync('cbm/v1/battery/+/cmd', { qos: 1 });

    const sent = Array.from({ length: COMMANDS }, (_, n) => String(n));
    await Promise.all(sent.map((id) => broker.publish(`cbm/v1/battery/B${id}/cmd`, id)));
    await expect.poll(() => received.size, { timeout: 5_000 }).toBe(COMMANDS);
  });
});
