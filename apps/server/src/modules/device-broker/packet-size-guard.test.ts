import { PassThrough } from 'node:stream';
import { Aedes } from 'aedes';
import { afterAll, expect, it } from 'vitest';
import { limitPacketSize } from './packet-size-guard';

const broker = await Aedes.createBroker();
afterAll(() => new Promise<void>((resolve) => broker.close(() => resolve())));

it('fails a packet from its length header, before any of its body arrives', async () => {
  const conn = new PassThrough();
  const client = broker.handle(conn);
  let refusals = 0;
  limitPacketSize(client, 1024, () => refusals++);
  const failed = new Promise<Error>((resolve) => client.once('error', resolve));
  // A QoS 1 PUBLISH's fixed header announcing 50 MiB (remaining length 0x3200000, four bytes), and nothing else.
  conn.write(Buffer.from([0x32, 0x80, 0x80, 0x80, 0x19]));
  expect((await failed).message).toMatch(/over the limit of 1024/);
  expect(refusals).toBe(1);
});
