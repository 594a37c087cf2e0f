import { describe, expect, it } from 'vitest';
import { connectInTurn } from './host-pools';

const refusing = (message: string) => ({ connect: () => Promise.reject(new Error(message)) });
const giving = (client: string) => ({ connect: () => Promise.resolve(client) });

describe('connectInTurn', () => {
  it('keeps the first host that gives a connection, in the order of the URL', async () => {
    await expect(connectInTurn([refusing('down'), giving('b'), giving('c')], 0)).resolves.toEqual({
      client: 'b',
      index: 1,
    });
  });

  it('starts at the host that answered last and goes round to the ones before it', async () => {
    await expect(connectInTurn([giving('a'), refusing('read-only'), giving('c')], 2)).resolves.toEqual({
      client: 'c',
      index: 2,
    });
    await expect(connectInTurn([giving('a'), refusing('read-only')], 1)).resolves.toEqual({ client: 'a', index: 0 });
  });

  it('fails with the first host’s error when no host gives a connection', async () => {
    await expect(connectInTurn([refusing('first'), refusing('second')], 0)).rejects.toThrow('first');
  });
});
