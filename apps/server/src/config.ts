import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  if (PROXY_NAMES.has(entry)) return true;
  if (rest.length || !isIP(address)) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128));
};

/**
 * Whom to believe about the client's address and protocol (X-Forwarded-For/-Proto): nobody (empty, the
 * default), the nearest N proxies (a hop count), or proxies at these addresses or CIDR ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .default('')
  .transform((value, context): false | number | string[] => {
    if (!value) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.find((entry) => !isProxyAddress(entry));
    if (wrong === undefined) return entries;
    context.addIssue({ code: 'custom', message: `"${wrong}" is not a hop count, IP address or CIDR range` });
    return z.NEVER;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DEMO: flag.default(false),
  PUBLIC_URL: z.url().optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 90)
    .default(12),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(120),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  SECURE_COOKIES: flag.default(false),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  UPLOADS_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  UPLOADS_TOTAL: z.coerce.number().int().min(1).max(1000).default(4),
  /** Firmware commands the campaign runner sends per second (decision 038). */
  CAMPAIGN_COMMANDS_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(20),
  TRUST_PROXY: trustProxy,
  LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_ADDRESS_FAILURES: z.coerce.number().int().positive().default(20),
  LOGIN_LOCKOUT_SECONDS: z.coerce.number().int().positive().max(86_400).default(15),
  LOGIN_LOCKOUT_MAX_SECONDS: z.coerce.number().int().positive().max(86_400).default(900),
  LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(300),
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_FEATURES_CLAIM: z.string().min(1).default('cbm_features'),
  OIDC_ALLOW_HTTP: flag.default(false),
  INGEST: flag.default(true),
  /** The embedded broker's plain listener; `off` for TLS only. */
  MQTT_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(1884),
  /** Where the embedded broker listens (default: HOST). */
  MQTT_HOST: z.string().min(1).optional(),
  MQTT_TLS_PORT: z.coerce.number().int().min(0).max(65535).default(8883),
  MQTT_TLS_CERT: z.string().min(1).optional(),
  MQTT_TLS_KEY: z.string().min(1).optional(),
  MQTT_TLS_CA: z.string().min(1).optional(),
  MQTT_URL: z.url({ protocol: /^(mqtts?|wss?)$/ }).optional(),
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .default(`cbm-ingest-${os.hostname()}`.replace(/[^\w.-]/g, '-').slice(0, 64)),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[\w-]{0,64}$/)
    .default('cbm'),
  SAMPLE_RESOLUTION_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Months of raw samples kept besides the current one (0: keep all). */
  SAMPLE_RETENTION_MONTHS: z.coerce.number().int().min(0).max(1200).default(13),
  INGEST_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  INGEST_QUEUE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  INGEST_LINGER_MS: z.coerce.number().int().min(0).max(1000).default(10),
  LIVE_STREAMS_PER_USER: z.coerce.number().int().positive().max(1000).default(8),
  LIVE_STREAMS_TOTAL: z.coerce.number().int().positive().max(100_000).default(2000),
  LIVE_STREAM_BUFFER_KB: z.coerce.number().int().positive().max(65_536).default(256),
  LIVE_STREAM_RECHECK_SECONDS: z.coerce.number().int().positive().max(3600).default(30),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('CBM <cbm@localhost>'),
  ALERT_MAILS_PER_WINDOW: z.coerce.number().int().min(1).max(10_000).default(5),
  ALERT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  MAIL_OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** How often the silence rules ("no data for N minutes") are checked, once across replicas (decision 040). */
  ALARM_SILENCE_CHECK_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /** Days a cleared alarm is kept (0: keep all); open and acknowledged ones stay (decision 044). */
  ALARM_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(365),
});

export type Env = z.infer<typeof envSchema>;

// This file sits one folder below apps/server both as source (src/) and bundled (dist/).
const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

export interface Config extends Env {
  dataDir: string;
  webDir: string;
  assetsDir: string;
  migrationsDir: string;
  /** Where mails go as .eml files when SMTP_URL is not set. */
  mailOutboxDir: string;
  /** The embedded broker's TLS listener (MQTT_TLS_CERT and MQTT_TLS_KEY set). */
  mqttTls?: { port: number; certFile: string; keyFile: string; caFile?: string };
  oidc?: { issuer: string; clientId: string; clientSecret: string; featuresClaim: string; allowHttp: boolean };
}

export class ConfigError extends Error {}

/** Parses the environment; throws one error listing every variable that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv, overrides: Partial<Env> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = { ...parsed.data, ...overrides };
  return {
    ...values,
    dataDir: path.resolve(values.DATA_DIR),
    webDir: path.join(SERVER_ROOT, '../web/dist'),
    assetsDir: path.join(SERVER_ROOT, 'assets'),
    migrationsDir: path.join(SERVER_ROOT, 'migrations'),
    mailOutboxDir: path.join(path.resolve(values.DATA_DIR), 'mail-outbox'),
    oidc: oidcConfig(values),
    mqttTls: mqttTlsConfig(values),
  };
}

function mqttTlsConfig(values: Env): Config['mqttTls'] {
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

function oidcConfig(values: Env): Config['oidc'] {
  if (!values.OIDC_ISSUER) return undefined;
  if (!values.OIDC_CLIENT_ID || !values.OIDC_CLIENT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER is set',
    );
  }
  return {
    issuer: values.OIDC_ISSUER,
    clientId: values.OIDC_CLIENT_ID,
    clientSecret: values.OIDC_CLIENT_SECRET,
    featuresClaim: values.OIDC_FEATURES_CLAIM,
    allowHttp: values.OIDC_ALLOW_HTTP,
  };
}
