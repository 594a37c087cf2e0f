import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/server-process';
import type { CredentialChange } from './device-registry-service';
import { CLOSE_REASON, closeUserConnections, rabbitConnectionSync } from './rabbitmq-connections';

/** A management API that records the requests it got and answers `status`. */
async function fakeManagement() {
  const requests: IncomingMessage[] = [];
  const api = { status: 204, requests };
  const server = createServer((request, response) => {
    requests.push(request);
    response.writeHead(api.status).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { api, url: `http://cbm:s%40cret@127.0.0.1:${port}`, close: () => server.close() };
}

const revocation: CredentialChange = {
  deviceClass: 'battery',
  serialNumber: '2010001',
  username: 'battery-2010001',
  secret: null,
  registered: false,
};
const silent = { error: () => {} };
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('closing a device user’s RabbitMQ connections', () => {
  it('asks the next node when one does not answer, with the user’s credentials and a reason', async () => {
    const management = await fakeManagement();
    closers.push(management.close);
    const down = `http://cbm:secret@127.0.0.1:${await freePort()}`;
    await closeUserConnections([down, management.url], 'battery 2010001/x');
    const [request] = management.api.requests;
    expect(request?.method).toBe('DELETE');
    expect(request?.url).toBe('/api/connections/username/battery%202010001%2Fx');
    expect(request?.headers['x-reason']).toBe(CLOSE_REASON);
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('cbm:s@cret').toString('base64')}`);
  });

  it('fails naming every node when none closed them', async () => {
    const management = await fakeManagement();
    closers.push(management.close);
    management.api.status = 401;
    const down = `http://cbm:secret@127.0.0.1:${await freePort()}`;
    const failure = closeUserConnections([down, management.url], 'battery-2010001');
    await expect(failure).rejects.toThrow(/127\.0\.0\.1:\d+: .*; http:\/\/127\.0\.0\.1:\d+: HTTP 401/);
  });

  it('counts a change no node took and closes the connections when a node answers again', async () => {
    const management = await fakeManagement();
    closers.push(management.close);
    management.api.status = 503;
    const sync = rabbitConnectionSync([management.url], silent, 50);
    await sync.apply(revocation);
    expect(sync.metrics()).toEqual({ failures: 1, pending: 1 });
    management.api.status = 204;
    await expect.poll(() => sync.metrics().pending).toBe(0);
    expect(management.api.requests.at(-1)?.url).toBe('/api/connections/username/battery-2010001');
    await sync.close();
  });

  it('closes on a rotation, not on a first registration (no connection to close)', async () => {
    const management = await fakeManagement();
    closers.push(management.close);
    const sync = rabbitConnectionSync([management.url], silent);
    await sync.apply({ ...revocation, secret: 'new', registered: true });
    expect(management.api.requests).toHaveLength(0);
    await sync.apply({ ...revocation, secret: 'newer' });
    expect(management.api.requests).toHaveLength(1);
    await sync.close();
  });
});
