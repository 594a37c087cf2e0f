import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { requestId } from './request-id';

it('binds one id to every log line of a request: the proxy’s plain X-Request-Id, else a new UUID', async () => {
  const lines: { reqId?: string; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, requestIdHeader: false, genReqId: requestId });
  app.get('/', async (request) => {
    request.log.info('inside the handler');
    return 'ok';
  });
  await app.inject({ url: '/', headers: { 'x-request-id': 'proxy-42' } });
  await app.inject({ url: '/', headers: { 'x-request-id': 'has spaces\nand a newline' } });
  await app.close();
  const ids = lines.filter((line) => line.msg !== 'Server listening').map((line) => line.reqId);
  expect(ids.slice(0, 3)).toEqual(['proxy-42', 'proxy-42', 'proxy-42']);
  expect(ids.slice(3)).toHaveLength(3);
  expect(new Set(ids.slice(3)).size).toBe(1);
  expect(ids[3]).toMatch(/^[0-9a-f-]{36}$/);
});
