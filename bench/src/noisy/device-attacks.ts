import { MAX_PACKET_BYTES, topicFor } from '@cbm/contracts/device-protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { type Attack, count, type DeviceLogin, delay } from './attack';

/** The goal: a device over its budgets is disconnected within this. */
const DISCONNECT_GOAL_MS = 5_000;
const FLOOD_BATCH = 500;
const OVERSIZES = [256 * 1024, 2 * 1024 * 1024, 5 * 1024 * 1024];

/** A device connection, or undefined when the broker refuses it (for example while the device backs off). */
const connect = (mqttUrl: string, device: DeviceLogin): Promise<MqttClient | undefined> =>
  mqtt
    .connectAsync(mqttUrl, {
      username: device.username,
      password: device.secret,
      clientId: device.username,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    })
    .catch(() => undefined);

/**
 * One registered device publishing malformed JSON on its own telemetry topic at QoS 0 as fast as its socket takes
 * it (as `mosquitto_pub -l` did), reconnecting at once whenever it is disconnected or refused.
 */
export const malformedFlood: Attack = async ({ mqttUrl, floodDevice }, endAt) => {
  const topic = topicFor('battery', floodDevice.serial, 'telemetry');
  const payload = Buffer.from('{"seq": 1, "ts": not json');
  const began = performance.now();
  let sent = 0;
  let disconnects = 0;
  let refused = 0;
  let firstDisconnectMs: number | undefined;
  while (performance.now() < endAt) {
    const client = await connect(mqttUrl, floodDevice);
    if (!client) {
      refused++;
      await delay(100);
      continue;
    }
    const closed = new Promise<'closed'>((resolve) => client.once('close', () => resolve('closed')));
    for (let open = true; open && performance.now() < endAt; ) {
      const written = new Promise<'written'>((resolve) => {
        for (let n = 1; n <= FLOOD_BATCH; n++) {
          client.publish(topic, payload, { qos: 0 }, n === FLOOD_BATCH ? () => resolve('written') : undefined);
        }
      });
      open = (await Promise.race([written, closed])) === 'written';
      if (open) sent += FLOOD_BATCH;
    }
    if (client.connected) await client.endAsync(true);
    else {
      disconnects++;
      firstDisconnectMs ??= performance.now() - began;
    }
  }
  const disconnectedIn =
    firstDisconnectMs === undefined
      ? 'never disconnected'
      : `disconnected after ${(firstDisconnectMs / 1000).toFixed(1)} s`;
  return {
    summary: `${count(sent)} sent, ${disconnectedIn}, ${count(disconnects)} disconnects, ${count(refused)} reconnects refused`,
    ...(firstDisconnectMs === undefined || firstDisconnectMs > DISCONNECT_GOAL_MS
      ? { broken: `the flooding device was ${disconnectedIn} (goal: within ${DISCONNECT_GOAL_MS / 1000} s)` }
      : {}),
  };
};

/**
 * One registered device publishing payloads over the packet limit (256 KiB, 2 MiB, 5 MiB in turn) at QoS 1,
 * reconnecting after each: none may be acknowledged, and the broker must close the connection.
 */
export const oversizedPayloads: Attack = async ({ mqttUrl, oversizeDevice }, endAt) => {
  const topic = topicFor('battery', oversizeDevice.serial, 'telemetry');
  const payloads = OVERSIZES.map((size) => Buffer.alloc(size, 'x'));
  let attempts = 0;
  let acknowledged = 0;
  let notClosed = 0;
  let refused = 0;
  while (performance.now() < endAt) {
    const client = await connect(mqttUrl, oversizeDevice);
    if (!client) {
      refused++;
      await delay(100);
      continue;
    }
    client.on('packetreceive', (packet) => {
      if (packet.cmd === 'puback') acknowledged++;
    });
    const closed = new Promise<boolean>((resolve) => client.once('close', () => resolve(true)));
    client.publish(topic, payloads[attempts++ % payloads.length] as Buffer, { qos: 1 }, () => undefined);
    if (!(await Promise.race([closed, delay(DISCONNECT_GOAL_MS).then(() => false)]))) {
      notClosed++;
      await client.endAsync(true);
    }
  }
  const over = `over ${count(MAX_PACKET_BYTES)} bytes`;
  const problems = [
    ...(acknowledged > 0 ? [`${acknowledged} publishes ${over} acknowledged`] : []),
    ...(notClosed > 0 ? [`${notClosed} connections not closed within ${DISCONNECT_GOAL_MS / 1000} s`] : []),
  ];
  return {
    summary: `${count(attempts)} publishes ${over}, ${acknowledged} acknowledged, ${count(refused)} reconnects refused`,
    ...(problems.length > 0 ? { broken: problems.join('; ') } : {}),
  };
};
