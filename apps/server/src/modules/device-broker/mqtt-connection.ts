import type { MqttClient } from 'mqtt';

/** Waits for a client's first connection; gives up (and ends the client) after three connect timeouts. */
export function firstConnection(client: MqttClient, url: string, connectTimeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.end(true);
      reject(new Error(`MQTT broker ${redacted(url)} cannot be reached`));
    }, connectTimeoutMs * 3);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A broker address without credentials, for logs and messages. */
export function redacted(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString().replace(/\/$/, '');
}
