import net from 'node:net';
import { generate, type Packet, parser } from 'mqtt-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { connectExternalBroker } from './external-broker';

const KEEPALIVE_SECONDS = 2;
const OPTIONS = { protocolVersion: 5 };

/**
 * A broker that never answers a ping: Mosquitto answers one only behind every message it has queued for the
 * worker, so a worker reading a backlog gets it late. While `sending`, it sends a telemetry every 100 ms.
 */
async function brokerWithoutPingAnswers() {
  const state = { connections: 0, sending: true };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    const send = (packet: Packet) => socket.write(generate(packet, OPTIONS));
    let messageId = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('close', () => clearInterval(timer));
    const packets = parser(OPTIONS);
    socket.on('data', (data) => packets.parse(data));
    packets.on('packet', (packet: Packet) => {
      if (packet.cmd === 'connect') {
        state.connections++;
        send({ cmd: 'connack', reasonCode: 0, sessionPresent: false });
      }
      if (packet.cmd !== 'subscribe') return;
      send({ cmd: 'suback', messageId: packet.messageId, granted: packet.subscriptions.map(() => 1) });
      timer = setInterval(() => {
        if (!state.sending) return;
        messageId = (messageId % 60_000) + 1;
        const payload = Buffer.from('{}');
        send({
          cmd: 'publish',
          topic: 'cbm/v1/battery/B1/telemetry',
          payload,
          qos: 1,
          messageId,
          dup: false,
          retain: false,
        });
      }, 100);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a worker’s keep-alive', () => {
  let cleanUp: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanUp.reverse()) await step();
    cleanUp = [];
  });

  const connectWorker = async () => {
    const broker = await brokerWithoutPingAnswers();
    cleanUp.push(broker.close);
    const worker = await connectExternalBroker({
      url: broker.url,
      clientId: 'cbm-keepalive-test',
      shareGroup: '',
      keepaliveSeconds: KEEPALIVE_SECONDS,
      log: { warn: () => undefined },
      sink: async () => 'accepted',
    });
    cleanUp.push(() => worker.close());
    return { broker, worker };
  };

  it('keeps the connection while messages arrive, though the broker’s ping answer is late', async () => {
    const { broker, worker } = await connectWorker();
    // Three times the keep alive: without messages counting as a sign of life, the worker reconnects at 1.5 times.
    await new Promise((resolve) => setTimeout(resolve, 3 * KEEPALIVE_SECONDS * 1000));
    expect(worker.status().reconnects).toBe(0);
    expect(broker.state.connections).toBe(1);
  });

  it('still reconnects when nothing arrives and the ping is not answered', async () => {
    const { broker, worker } = await connectWorker();
    broker.state.sending = false;
    await expect
      .poll(() => worker.status().reconnects, { timeout: 4 * KEEPALIVE_SECONDS * 1000, interval: 100 })
      .toBeGreaterThan(0);
  });
});
