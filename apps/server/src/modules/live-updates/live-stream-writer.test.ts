import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { LiveStreamWriter } from './live-stream-writer';

const reading = (device: number, value: number) => `event: battery\ndata: {"d":${device},"v":${value}}\n\n`;
const readingsOf = (text: string) =>
  [...text.matchAll(/"d":(\d+),"v":(\d+)/g)].map(([, device, value]) => ({
    device: Number(device),
    value: Number(value),
  }));

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Everything the reader gets from now until the writer has nothing more waiting. */
async function readAll(stream: PassThrough): Promise<string> {
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  for (;;) {
    const before = text.length;
    await nextTurn();
    if (text.length === before && stream.writableLength === 0) return text;
  }
}

describe('LiveStreamWriter', () => {
  it('writes every reading at once while the reader keeps up', async () => {
    const writer = new LiveStreamWriter(1024 * 1024, vi.fn());
    const { stream } = writer;
    const received = readAll(stream);
    for (let value = 0; value < 5; value++) writer.offer('battery 1 A', reading(1, value));
    writer.end();
    expect(readingsOf(await received).map(({ value }) => value)).toEqual([0, 1, 2, 3, 4]);
  });

  it('hands the stream what was written in one turn as one chunk', async () => {
    const writer = new LiveStreamWriter(1024 * 1024, vi.fn());
    const chunks: string[] = [];
    writer.stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    for (let device = 0; device < 20; device++) writer.offer(`battery 1 ${device}`, reading(device, 1));
    writer.write('event: alert\ndata: {}\n\n');
    await nextTurn();
    writer.offer('battery 1 0', reading(0, 2));
    await nextTurn();
    expect(chunks).toHaveLength(2);
    expect(readingsOf(chunks[0] as string)).toHaveLength(20);
    expect(chunks[0]).toMatch(/event: alert\n/);
    expect(readingsOf(chunks[1] as string)).toEqual([{ device: 0, value: 2 }]);
  });

  it('gives a reader that fell behind each device’s newest reading, without dropping it', async () => {
    const overflow = vi.fn();
    const writer = new LiveStreamWriter(64 * 1024, overflow);
    const { stream } = writer;
    const devices = 200;
    const rounds = 500;
    for (let value = 0; value < rounds; value++)
      for (let device = 0; device < devices; device++) writer.offer(`battery 1 ${device}`, reading(device, value));
    // About 3 MB of readings were offered; what waits in the stream stays near its high-water marks.
    expect(stream.writableLength + stream.readableLength).toBeLessThan(64 * 1024);
    expect(overflow).not.toHaveBeenCalled();

    const readings = readingsOf(await readAll(stream));
    expect(readings.length).toBeLessThan((devices * rounds) / 10);
    const newest = new Map(readings.map(({ device, value }) => [device, value]));
    expect(newest.size).toBe(devices);
    expect([...newest.values()].every((value) => value === rounds - 1)).toBe(true);
    for (let device = 0; device < devices; device++) {
      const values = readings.filter((entry) => entry.device === device).map(({ value }) => value);
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }
  });

  it('never drops a reader for readings alone, however small the limit', () => {
    const overflow = vi.fn();
    const writer = new LiveStreamWriter(4 * 1024, overflow);
    for (let value = 0; value < 100; value++)
      for (let device = 0; device < 200; device++) writer.offer(`battery 1 ${device}`, reading(device, value));
    expect(overflow).not.toHaveBeenCalled();
  });

  it('writes what cannot be coalesced in order, and drops a reader that lets it pass the limit', async () => {
    const overflow = vi.fn();
    const writer = new LiveStreamWriter(64 * 1024, overflow);
    const { stream } = writer;
    const alert = `event: alert\ndata: ${'x'.repeat(1024)}\n\n`;
    for (let n = 0; n < 60; n++) writer.write(alert);
    expect(overflow).not.toHaveBeenCalled();
    for (let n = 0; n < 5; n++) writer.write(alert);
    expect(overflow).toHaveBeenCalled();
    expect(readingsOf(await readAll(stream))).toEqual([]);
  });

  it('writes the waiting readings once the reader takes the stream again', async () => {
    const writer = new LiveStreamWriter(1024 * 1024, vi.fn());
    const { stream } = writer;
    writer.write(`: ${'x'.repeat(40 * 1024)}\n\n`);
    await nextTurn();
    const buffered = stream.readableLength + stream.writableLength;
    expect(buffered).toBeGreaterThan(40 * 1024);
    writer.offer('battery 1 A', reading(1, 1));
    writer.offer('battery 1 A', reading(1, 2));
    await nextTurn();
    expect(stream.readableLength + stream.writableLength).toBe(buffered);
    const drained = once(stream, 'drain');
    const readings = readingsOf(await readAll(stream));
    await drained;
    expect(readings).toEqual([{ device: 1, value: 2 }]);
  });
});
