import mqtt from 'mqtt';
import type { DynsecCommand } from './dynsec-commands';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
/** How long the broker has to answer a message of commands (and the client to connect at first). */
export const DYNSEC_TIMEOUT_MS = 5_000;

export interface DynsecResponse {
  command: string;
  error?: string;
  correlationData?: string;
  data?: unknown;
}

export interface DynsecClient {
  /**
   * Sends the commands in one message and answers the broker's responses, in their order. Fails at once while not
   * connected, and when no answer came within the time-out.
   */
  run(commands: DynsecCommand[]): Promise<DynsecResponse[]>;
  /** Waits for the first connection, for the time-out at most; whether it is connected. */
  ready(): Promise<boolean>;
  /** Calls `listener` on every connection after the first (the broker is back). */
  onReconnect(listener: () => void): void;
  close(): Promise<void>;
}

/** The dynamic-security admin's connection (MQTT_DYNSEC_URL carries its user and password); reconnects by itself. */
export function dynsecClient(url: string, clientId: string, timeoutMs = DYNSEC_TIMEOUT_MS): DynsecClient {
  const client = mqtt.connect(url, { clientId, clean: true, reconnectPeriod: 1_000, connectTimeout: timeoutMs });
  const waiting = new Map<string, (responses: DynsecResponse[]) => void>();
  let sent = 0;
  client.on('connect', () => client.subscribe(RESPONSE_TOPIC, { qos: 1 }));
  // Without a listener an unreachable broker would throw; each failed command says so instead.
  client.on('error', () => undefined);
  client.on('message', (_topic, payload) => {
    const responses = parseResponses(payload);
    const id = responses[0]?.correlationData;
    if (id) waiting.get(id)?.(responses);
  });

  return {
    run(commands) {
      if (!client.connected) return Promise.reject(new Error('not connected to the broker'));
      const id = `cbm-${++sent}`;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`no answer from the broker within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(id, (responses) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(responses);
        });
        const message = { commands: commands.map((command) => ({ ...command, correlationData: id })) };
        client.publish(CONTROL_TOPIC, JSON.stringify(message), { qos: 1 });
      });
    },
    async ready() {
      if (client.connected) return true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        client.once('connect', () => resolve(clearTimeout(timer)));
      });
      return client.connected;
    },
    onReconnect(listener) {
      let first = client.connected;
      client.on('connect', () => {
        if (first) listener();
        first = true;
      });
    },
    close: () => client.endAsync(),
  };
}

function parseResponses(payload: Buffer): DynsecResponse[] {
  try {
    const { responses } = JSON.parse(payload.toString()) as { responses?: DynsecResponse[] };
    return Array.isArray(responses) ? responses : [];
  } catch {
    return [];
  }
}
