import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app';
import { JSON_MAX_DEPTH } from './json-depth';

const PER_ADDRESS = 3;

/** A sign-in whose body arrives one byte at a time, never whole (a slowloris client). */
async function slowSignIn(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(
    'POST /api/v2/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
  );
  return socket;
}

describeEachDatabase('HTTP connection limits', (kind) => {
  let t: TestApp;
  let port: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { HTTP_REQUEST_TIMEOUT_SECONDS: 2, HTTP_PUBLIC_REQUESTS_PER_ADDRESS: PER_ADDRESS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t.close();
  });

  it('cuts off a request whose body does not arrive within the request timeout', async () => {
    const socket = await slowSignIn(port);
    sockets.push(socket);
    const started = performance.now();
    const drip = setInterval(() => socket.write(' '), 500);
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.once('close', () => resolve(text));
    });
    const text = await Promise.race([
      answer,
      new Promise<string>((resolve) => setTimeout(() => resolve('open'), 8000)),
    ]);
    clearInterval(drip);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(performance.now() - started).toBeLessThan(6000);
  });

  it('refuses sign-in requests beyond the open ones allowed per address, saying the limit', async () => {
    for (let n = 0; n < PER_ADDRESS; n++) sockets.push(await slowSignIn(port));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const response = await fetch(`http://127.0.0.1:${port}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({ username: 'admin@cbm.demo', password: 'wrong' }),
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({
      code: 'request.tooManyConnections',
      message: expect.stringContaining(`mehr als ${PER_ADDRESS} Anfragen`),
    });
    for (const socket of sockets.splice(0)) socket.destroy();
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/v2/auth/login`, { method: 'POST' })).status)
      .not.toBe(429);
  });

  it('answers a body nested deeper than the limit with a 400 that says the limit', async () => {
    const depth = 100_000;
    const response = await t.request({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'request.nestedTooDeep',
      message: expect.stringContaining(`${JSON_MAX_DEPTH} levels`),
    });
    const flat = await t.request({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { username: 'admin@cbm.demo', password: '{[[[[' },
    });
    expect(flat.statusCode).toBe(401);
  });
});
