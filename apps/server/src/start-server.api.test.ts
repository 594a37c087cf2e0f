import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../test/server-process';

/** SIGTERM as an orchestrator sends it: what is in flight gets its answer, nothing new comes in, exit code 0. */
/** Well inside an orchestrator's grace period (Docker's 10 s, Kubernetes' 30 s). */
const EXIT_WITHIN_MS = 5000;
const BODY = JSON.stringify({ username: 'nobody@cbm.test', password: 'not the password' });

let dataDir: string;
let server: ServerProcess;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cbm-sigterm-'));
  server = await startServerProcess({
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    MQTT_PORT: '0',
    LOG_LEVEL: 'silent',
  });
}, 120_000);
afterAll(async () => {
  await stopServerProcess(server, 'SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

const address = () => new URL(server.url);
const opened = async (): Promise<Socket> => {
  const socket = connect({ host: '127.0.0.1', port: Number(address().port) });
  await once(socket, 'connect');
  return socket;
};
const refused = () =>
  opened().then(
    (socket) => {
      socket.destroy();
      return false;
    },
    () => true,
  );

it('answers a request in flight at SIGTERM, refuses new connections, closes kept-alive ones and exits with 0', async () => {
  const socket = await opened();
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString();
  });
  const half = Math.floor(BODY.length / 2);
  socket.write(
    `POST /api/v2/auth/login HTTP/1.1\r\nHost: ${address().host}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${BODY.length}\r\n\r\n${BODY.slice(0, half)}`,
  );
  await delay(300);
  const exited = once(server.process, 'exit');
  server.process.kill('SIGTERM');
  const deadline = Date.now() + 10_000;
  while (!(await refused()) && Date.now() < deadline) await delay(100);
  expect(await refused()).toBe(true);

  // The client keeps its connection, as browsers do; the server must not wait for it to go.
  socket.write(BODY.slice(half));
  const [code] = await Promise.race([exited, delay(EXIT_WITHIN_MS).then(() => ['still running'])]);
  expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  expect(answer).toContain('auth.invalidCredentials');
  expect(code).toBe(0);
  expect(socket.readableEnded || socket.destroyed).toBe(true);
}, 60_000);
