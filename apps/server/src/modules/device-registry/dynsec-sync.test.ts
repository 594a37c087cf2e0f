import { describe, expect, it } from 'vitest';
import type { CredentialChange } from './device-registry-service';
import type { DynsecClient } from './dynsec-client';
import type { DynsecCommand } from './dynsec-commands';
import { DynsecSync } from './dynsec-sync';

/** A broker that records the commands it took and refuses while `down`; `reconnect` plays the admin coming back. */
function fakeBroker() {
  const taken: DynsecCommand[] = [];
  let reconnected = () => {};
  const broker = {
    down: false,
    taken,
    reconnect: () => reconnected(),
    client: {
      async run(commands: DynsecCommand[]) {
        if (broker.down) throw new Error('not connected to the broker');
        taken.push(...commands);
        return commands.map(({ command }) => ({ command }));
      },
      ready: async () => true,
      onReconnect: (listener: () => void) => {
        reconnected = listener;
      },
      close: async () => {},
    } satisfies DynsecClient,
  };
  return broker;
}

const change = (secret: string | null): CredentialChange => ({
  deviceClass: 'battery',
  serialNumber: '2010001',
  username: 'battery-2010001',
  secret,
  registered: false,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const silent = { error: () => {} };

describe('DynsecSync', () => {
  it('keeps a change the broker did not take, counts it, and sends it when the admin is back', async () => {
    const broker = fakeBroker();
    const sync = new DynsecSync(broker.client, silent, 60_000);
    broker.down = true;
    await sync.apply(change(null));
    expect(sync.metrics()).toEqual({ failures: 1, pending: 1 });
    broker.down = false;
    broker.reconnect();
    await settle();
    expect(broker.taken).toEqual([{ command: 'disableClient', username: 'battery-2010001' }]);
    expect(sync.metrics()).toEqual({ failures: 1, pending: 0 });
    await sync.close();
  });

  it('never takes up an older change again once a newer one of the same user went through', async () => {
    const broker = fakeBroker();
    const sync = new DynsecSync(broker.client, silent, 60_000);
    broker.down = true;
    await sync.apply(change('old secret'));
    // The retry of the old secret hangs (a slow broker) and fails only after the revocation went through.
    let fail = () => {};
    broker.client.run = async (commands) => {
      if (commands[0]?.command !== 'disableClient') {
        await new Promise<void>((resolve) => {
          fail = resolve;
        });
        throw new Error('no answer from the broker');
      }
      broker.taken.push(...commands);
      return commands.map(({ command }) => ({ command }));
    };
    broker.reconnect();
    await settle();
    await sync.apply(change(null));
    fail();
    await settle();
    expect(sync.metrics().pending).toBe(0);
    broker.reconnect();
    await settle();
    expect(broker.taken.map(({ command }) => command)).toEqual(['disableClient']);
    await sync.close();
  });
});
