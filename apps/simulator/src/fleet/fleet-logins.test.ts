import { once } from 'node:events';
import { createServer } from 'node:net';
import { Aedes } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticBatteries } from '../cli/synthetic-fleet';
import { manualClock } from '../clock';
import { type FleetHandle, startFleet } from './start-fleet';

/** A broker that records who connects and lets in only the given passwords. */
async function checkingBroker(passwords: Record<string, string>) {
  const seen: { clientId: string; username?: string }[] = [];
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, callback) {
      seen.push({ clientId: client.id, username });
      callback(null, Boolean(username) && passwords[username as string] === password?.toString());
    },
  });
  const server = createServer(broker.handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `mqtt://127.0.0.1:${(server.address() as { port: number }).port}`,
    seen,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}

describe('a fleet connects with credentials', { timeout: 30_000 }, () => {
  const batteries = syntheticBatteries(3, 'LOGIN', 'Europe/Berlin');
  let fleet: FleetHandle | undefined;
  let close = async () => {};
  afterEach(async () => {
    await fleet?.stop();
    await close();
  });

  it('as a gateway over shared connections, client ids `{username}:{n}`', async () => {
    const broker = await checkingBroker({ 'gateway-sim': 'gateway secret' });
    close = broker.close;
    const gateway = { username: 'gateway-sim', password: 'gateway secret' };
    fleet = startFleet({
      brokerUrl: broker.url,
      devices: { batteries },
      clock: manualClock(Date.now()),
      connections: 2,
      logins: { gateway },
    });
    await fleet.ready;
    expect(broker.seen).toEqual([
      { clientId: 'gateway-sim:0', username: 'gateway-sim' },
      { clientId: 'gateway-sim:1', username: 'gateway-sim' },
    ]);
  });

  it('as each device with its own credentials, client id = username', async () => {
    const passwords = Object.fromEntries(batteries.map((battery) => [`battery-${battery.serialNumber}`, 's3cret']));
    const broker = await checkingBroker(passwords);
    close = broker.close;
    fleet = startFleet({
      brokerUrl: broker.url,
      devices: { batteries },
      clock: manualClock(Date.now()),
      dropOuts: null,
      logins: { device: (device) => ({ username: `${device.deviceClass}-${device.serial}`, password: 's3cret' }) },
    });
    await fleet.ready;
    expect(broker.seen.map((entry) => entry.clientId).sort()).toEqual(Object.keys(passwords).sort());
    expect(broker.seen.every((entry) => entry.username === entry.clientId)).toBe(true);
  });
});
