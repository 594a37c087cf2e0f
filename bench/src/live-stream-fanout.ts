import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { LiveStreamWriter } from '../../apps/server/src/modules/live-updates/live-stream-writer';
import { setting } from './smoke';

/**
 * Live-stream fan-out benchmark (decision 063): the server's CPU to hand a 20,000-battery site's changes
 * (BENCH_STREAM_CHANGES_PER_SECOND, 2,000 by default, as the hub hands them out every 250 ms) to
 * BENCH_STREAM_READERS readers through LiveStreamWriter, against the same bytes written as one chunk per reader and
 * hub flush straight to the response, the least any writer must do. The readers run in a process of their own, so
 * only the writing side is measured.
 */
const HUB_FLUSH_MS = 250;
const BUFFER_BYTES = 256 * 1024;

type Fanout = (texts: readonly string[]) => void;

/** Every device's change as the live stream words it; the data as the hub hands out a battery. */
const changeText = (serial: number) =>
  `event: battery\ndata: ${JSON.stringify({
    batterySerialNumber: String(2_000_000 + serial),
    status: 'charging',
    online: true,
    soc: 55.5,
    soh: 97,
    stackVoltage: 51.2,
    current: -40.1,
    lastDataTimestamp: new Date().toISOString(),
    currentErrorCode: null,
    lastErrorAt: null,
    operatingSiteId: 1,
  })}\n\n`;

/** A reader process that opens `readers` streams and reads them to the end, keeping nothing. */
function startReaders(port: number, readers: number) {
  const code = `const http = require('node:http');
for (let n = 0; n < ${readers}; n++)
  http.get({ host: '127.0.0.1', port: ${port}, agent: false }, (response) => response.resume());`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

interface Load {
  readers: number;
  seconds: number;
  changesPerSecond: number;
}

/** Serves the readers' streams, feeds them for `seconds` through what `open` makes of each; server CPU cores. */
async function measure(open: (response: http.ServerResponse) => Fanout, { readers, seconds, changesPerSecond }: Load) {
  const fanouts: Fanout[] = [];
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    fanouts.push(open(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const reader = startReaders((server.address() as AddressInfo).port, readers);
  while (fanouts.length < readers) await delay(10);
  const perFlush = (changesPerSecond * HUB_FLUSH_MS) / 1000;
  let serial = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const hub = setInterval(() => {
    const texts = Array.from({ length: perFlush }, () => changeText(serial++ % 20_000));
    for (const fanout of fanouts) fanout(texts);
  }, HUB_FLUSH_MS);
  await delay(seconds * 1000);
  clearInterval(hub);
  const used = process.cpuUsage(cpu);
  const cores = (used.user + used.system) / 1e6 / ((performance.now() - started) / 1000);
  reader.kill();
  server.closeAllConnections();
  server.close();
  return cores;
}

/** The product's writer: each change offered on its own, as the stream's subscriber does. */
const throughWriter = (response: http.ServerResponse): Fanout => {
  const writer = new LiveStreamWriter(BUFFER_BYTES, () => response.destroy());
  writer.stream.pipe(response);
  return (texts) => {
    for (const [device, text] of texts.entries()) writer.offer(`battery 1 ${device}`, text);
  };
};

/** The floor: the hub flush's changes as one write to the response. */
const oneChunk =
  (response: http.ServerResponse): Fanout =>
  (texts) =>
    response.write(texts.join(''));

export async function benchLiveStreamFanout() {
  const load: Load = {
    readers: setting('BENCH_STREAM_READERS', 20, 2),
    seconds: setting('BENCH_STREAM_SECONDS', 20, 2),
    changesPerSecond: setting('BENCH_STREAM_CHANGES_PER_SECOND', 2_000, 2_000),
  };
  const floor = await measure(oneChunk, load);
  const product = await measure(throughWriter, load);
  const line = (cores: number) =>
    `${cores.toFixed(3)} cores   ${((cores * 1e6) / (load.readers * load.changesPerSecond)).toFixed(2)} µs per event`;
  console.log(
    `Live-stream fan-out: ${load.readers} readers of a site changing ${load.changesPerSecond} batteries a second, ${load.seconds} s each`,
  );
  console.log(`  LiveStreamWriter, a change offered at a time   ${line(product)}`);
  console.log(`  one write per reader and hub flush (floor)     ${line(floor)}`);
  console.log(`  ratio to the floor                             ${(product / floor).toFixed(2)}`);
}
