import path from 'node:path';
import { z } from 'zod';
import { type BrokerConfig, brokerVariables, checkDynsec, mqttTlsConfig, rabbitmqConfig } from './config/broker';
import { ConfigError } from './config/config-error';
import { trustProxy } from './config/trust-proxy';
import { DatabaseUrlError, parseDatabaseUrl } from './database-url';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** A libpq URL, possibly with several hosts (`postgres://u@h1:p1,h2:p2/db?target_session_attrs=read-write`). */
const databaseUrl = z
  .string()
  .trim()
  .superRefine((value, context) => {
    try {
      parseDatabaseUrl(value);
    } catch (error) {
      if (!(error instanceof DatabaseUrlError)) throw error;
      context.addIssue({ code: 'custom', message: error.message });
    }
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: databaseUrl.optional(),
  /** A replica for statistics, exports, reports and event pages (decision 126); needs DATABASE_URL. */
  READ_DATABASE_URL: databaseUrl.optional(),
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
  /** Time to receive a whole request, headers and body (slow clients are cut off; decision 079). */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  /** A connection with no bytes either way for this long is closed. */
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  HTTP_PUBLIC_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** PostgreSQL cancels a statement of an API request after this long; it answers 503 (decision 080). */
  DB_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  UPLOADS_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  UPLOADS_TOTAL: z.coerce.number().int().min(1).max(1000).default(4),
  /** Firmware commands the campaign runner sends per second (decision 038). */
  CAMPAIGN_COMMANDS_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(20),
  /** A command without a reply goes out again this long after it was sent, then after twice as long each time (decision 072). */
  COMMAND_RETRY_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  TRUST_PROXY: trustProxy,
  LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_ADDRESS_FAILURES: z.coerce.number().int().positive().default(20),
  LOGIN_LOCKOUT_SECONDS: z.coerce.number().int().positive().max(86_400).default(15),
  LOGIN_LOCKOUT_MAX_SECONDS: z.coerce.number().int().positive().max(86_400).default(900),
  LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(300),
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Bearer token Prometheus sends to GET /metrics; the route is off without it (decision 081). */
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters: make one with `openssl rand -hex 32`')
    .optional(),
  /** An OTLP/HTTP collector's base URL: spans of HTTP requests and ingest batches go to `{url}/v1/traces` (decision 120). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('cbm'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_FEATURES_CLAIM: z.string().min(1).default('cbm_features'),
  OIDC_ALLOW_HTTP: flag.default(false),
  INGEST: flag.default(true),
  ...brokerVariables,
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
  /** How often the care rules (deep-sleep risk, end of life within N days) are judged, once across replicas (decision 134). */
  CARE_RULE_CHECK_SECONDS: z.coerce.number().min(0.1).max(86_400).default(3600),
  /**
   * How often batteries without data for SILENT_AFTER_MINUTES are marked silent, once across replicas
   * (decision 110); 0 turns it off (the API tests, whose demo data is weeks old, unless they test it).
   */
  BATTERY_SILENCE_CHECK_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /** Days a cleared alarm is kept (0: keep all); open and acknowledged ones stay (decision 044). */
  ALARM_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(365),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads: the deploy files and docs/operations.md are checked against it. */
export const ENV_NAMES: readonly string[] = envSchema.keyof().options;

// This file sits one folder below apps/server both as source (src/) and bundled (dist/).
const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

export interface Config extends Env, BrokerConfig {
  dataDir: string;
  webDir: string;
  assetsDir: string;
  migrationsDir: string;
  /** Where mails go as .eml files when SMTP_URL is not set. */
  mailOutboxDir: string;
  oidc?: { issuer: string; clientId: string; clientSecret: string; featuresClaim: string; allowHttp: boolean };
}

export { ConfigError };

/** Parses the environment; throws one error listing every variable that is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv, overrides: Partial<Env> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = { ...parsed.data, ...overrides };
  checkReadDatabase(values);
  checkDynsec(values);
  return {
    ...values,
    dataDir: path.resolve(values.DATA_DIR),
    webDir: path.join(SERVER_ROOT, '../web/dist'),
    assetsDir: path.join(SERVER_ROOT, 'assets'),
    migrationsDir: path.join(SERVER_ROOT, 'migrations'),
    mailOutboxDir: path.join(path.resolve(values.DATA_DIR), 'mail-outbox'),
    oidc: oidcConfig(values),
    mqttTls: mqttTlsConfig(values),
    rabbitmq: rabbitmqConfig(values),
  };
}

function checkReadDatabase(values: Env): void {
  if (values.READ_DATABASE_URL && !values.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  READ_DATABASE_URL needs DATABASE_URL (the primary it replicates)');
  }
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
