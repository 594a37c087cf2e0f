import { topicFor } from '@cbm/contracts/device-protocol';
import mqtt, { type MqttClient } from 'mqtt';

export interface GatewayLogin {
  username: string;
  password: string;
}

const COMMANDS = 'cbm/v1/battery/+/cmd';
const serialOf = (topic: string) => topic.split('/')[3] as string;

/** An outside subscriber (persistent session, QoS 1) that counts the copies of each command id it gets. */
export async function commandWatcher(url: string, login: GatewayLogin) {
  const copies = new Map<string, number>();
  const client = await mqtt.connectAsync(url, { ...login, clientId: `${login.username}:watch`, clean: false });
  client.on('message', (_topic, payload) => {
    const { id } = JSON.parse(payload.toString()) as { id: string };
    copies.set(id, (copies.get(id) ?? 0) + 1);
  });
  await client.subscribeAsync(COMMANDS, { qos: 1 });
  return { copies, close: () => client.endAsync() };
}

/**
 * Every battery behind one gateway connection, as docs/protocol.md §7 asks of a device: applies a command once by
 * its id and answers at once (`accepted`); a copy gets the same reply again. `applied` counts what it carried out,
 * `received` is its own ledger: the copies of each command id that arrived.
 */
export function answeringDevices(url: string, login: GatewayLogin) {
  const replies = new Map<string, string>();
  const received = new Map<string, number>();
  let applied = 0;
  let client: MqttClient | undefined;
  const answer = (topic: string, payload: Buffer) => {
    const { id } = JSON.parse(payload.toString()) as { id: string };
    received.set(id, (received.get(id) ?? 0) + 1);
    let reply = replies.get(id);
    if (!reply) {
      applied++;
      reply = JSON.stringify({ id, ts: new Date().toISOString(), result: 'accepted' });
      replies.set(id, reply);
    }
    client?.publish(topicFor('battery', serialOf(topic), 'cmd/reply'), reply, { qos: 1 });
  };
  return {
    /** Connects (the persistent session hands over what was queued meanwhile) and subscribes. */
    async connect() {
      client = mqtt.connect(url, {
        ...login,
        clientId: `${login.username}:devices`,
        clean: false,
        reconnectPeriod: 200,
      });
      client.on('message', answer);
      await new Promise((resolve) => client?.once('connect', resolve));
      await client.subscribeAsync(COMMANDS, { qos: 1 });
    },
    async disconnect() {
      await client?.endAsync();
      client = undefined;
    },
    applied: () => applied,
    received,
  };
}
