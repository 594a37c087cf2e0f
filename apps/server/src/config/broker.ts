import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';

/** A comma-separated list of URLs whose scheme matches `protocol`. */
const urlList = (protocol: RegExp) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.split(',').map((url) => url.trim()) : undefined))
    .pipe(z.array(z.url({ protocol })).optional());

/** The device broker's variables: the embedded broker, or MQTT_URL (Mosquitto, or the RabbitMQ tier's MQTT side). */
export const brokerVariables = {
  /** The embedded broker's plain listener; `off` for TLS only. */
  MQTT_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(1884),
  /** Where the embedded broker listens (default: HOST). */
  MQTT_HOST: z.string().min(1).optional(),
  MQTT_TLS_PORT: z.coerce.number().int().min(0).max(65535).default(8883),
  MQTT_TLS_CERT: z.string().min(1).optional(),
  MQTT_TLS_KEY: z.string().min(1).optional(),
  MQTT_TLS_CA: z.string().min(1).optional(),
  MQTT_URL: z.url({ protocol: /^(mqtts?|wss?)$/ }).optional(),
  /**
   * The broker address devices use, shown when a device is registered (decision 113); unset: the device broker's
   * own port at the host the portal was reached by.
   */
  PUBLIC_MQTT_URL: z.url({ protocol: /^(mqtts?|wss?)$/ }).optional(),
  /**
   * Mosquitto's dynamic-security admin (`mqtt://user:password@host`, decision 132): registrations, rotations and
   * revocations reach MQTT_URL's Mosquitto at once. Needs MQTT_URL; not with RABBITMQ_URLS.
   */
  MQTT_DYNSEC_URL: z.url({ protocol: /^(mqtts?|wss?)$/ }).optional(),
  /** The RabbitMQ broker tier (decision 090): one amqp(s):// URL per node, comma-separated; MQTT_URL is its MQTT side. */
  RABBITMQ_URLS: urlList(/^amqps?$/),
  /**
   * The tier's management API, one http(s)://user:password@host:15672 URL per node, comma-separated (decision 138):
   * a rotated or revoked device's connections are closed at once. The user needs the `administrator` tag.
   */
  RABBITMQ_MANAGEMENT_URLS: urlList(/^https?$/),
  /** Messages the tier's ingest queue holds at most; past it the broker stops acknowledging devices. */
  RABBITMQ_QUEUE_LENGTH: z.coerce.number().int().min(1000).max(100_000_000).default(1_000_000),
  /** The password RabbitMQ presents (user `broker`) at /api/v2/broker-auth/*; those routes answer 404 without it. */
  BROKER_AUTH_PASSWORD: z.string().min(16).optional(),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .default(`cbm-ingest-${os.hostname()}`.replace(/[^\w.-]/g, '-').slice(0, 64)),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[\w-]{0,64}$/)
    .default('cbm'),
  /** Per-connection limits of the embedded broker (decision 078). */
  MQTT_DEVICE_PUBLISHES_PER_SECOND: z.coerce.number().min(0.01).max(100_000).default(20),
  MQTT_GATEWAY_PUBLISHES_PER_SECOND: z.coerce.number().min(0.01).max(1_000_000).default(5000),
  MQTT_PUBLISH_BURST_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  MQTT_BAD_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  MQTT_BAD_MESSAGE_BACKOFF_SECONDS: z.coerce.number().min(0).max(86_400).default(300),
};

type BrokerEnv = z.infer<z.ZodObject<typeof brokerVariables>>;

export interface BrokerConfig {
  /** The embedded broker's TLS listener (MQTT_TLS_CERT and MQTT_TLS_KEY set). */
  mqttTls?: { port: number; certFile: string; keyFile: string; caFile?: string };
  /** The RabbitMQ broker tier (RABBITMQ_URLS set). */
  rabbitmq?: { urls: string[]; queueLength: number; managementUrls?: string[] };
}

export function checkDynsec(values: BrokerEnv): void {
  if (!values.MQTT_DYNSEC_URL) return;
  const { username, password } = new URL(values.MQTT_DYNSEC_URL);
  const wrong = [
    !values.MQTT_URL && 'MQTT_DYNSEC_URL needs MQTT_URL (the Mosquitto whose users it keeps)',
    values.RABBITMQ_URLS && 'MQTT_DYNSEC_URL is for Mosquitto, not the RabbitMQ tier (RABBITMQ_URLS)',
    !(username && password) && "MQTT_DYNSEC_URL names the admin's user and password (mqtt://user:password@host)",
  ].filter(Boolean);
  if (wrong.length > 0) throw new ConfigError(`Invalid configuration:\n  ${wrong.join('\n  ')}`);
}

export function mqttTlsConfig(values: BrokerEnv): BrokerConfig['mqttTls'] {
  if (!values.MQTT_TLS_CERT !== !values.MQTT_TLS_KEY) {
    throw new ConfigError('Invalid configuration:\n  MQTT_TLS_CERT and MQTT_TLS_KEY are set together');
  }
  if (!values.MQTT_TLS_CERT || !values.MQTT_TLS_KEY) {
    if (values.MQTT_PORT === 'off') {
      throw new ConfigError(
        'Invalid configuration:\n  MQTT_PORT=off needs the TLS listener (MQTT_TLS_CERT, MQTT_TLS_KEY)',
      );
    }
    return undefined;
  }
  return {
    port: values.MQTT_TLS_PORT,
    certFile: path.resolve(values.MQTT_TLS_CERT),
    keyFile: path.resolve(values.MQTT_TLS_KEY),
    caFile: values.MQTT_TLS_CA && path.resolve(values.MQTT_TLS_CA),
  };
}

export function rabbitmqConfig(values: BrokerEnv): BrokerConfig['rabbitmq'] {
  if (!values.RABBITMQ_URLS) {
    if (!values.RABBITMQ_MANAGEMENT_URLS) return undefined;
    throw new ConfigError(
      'Invalid configuration:\n  RABBITMQ_MANAGEMENT_URLS needs RABBITMQ_URLS (the tier it manages)',
    );
  }
  if (!values.MQTT_URL) {
    throw new ConfigError("Invalid configuration:\n  RABBITMQ_URLS needs MQTT_URL (the cluster's MQTT listener)");
  }
  const managementUrls = values.RABBITMQ_MANAGEMENT_URLS;
  if (managementUrls?.some((url) => !(new URL(url).username && new URL(url).password))) {
    throw new ConfigError(
      'Invalid configuration:\n  RABBITMQ_MANAGEMENT_URLS names the user and password (http://user:password@host:15672)',
    );
  }
  return { urls: values.RABBITMQ_URLS, queueLength: values.RABBITMQ_QUEUE_LENGTH, managementUrls };
}
