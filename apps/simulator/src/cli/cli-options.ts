import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run simulate -- [options]
  --batteries N          synthetic batteries to simulate (default 1000)
  --interval D           time between two samples of a battery, e.g. 10s (default 10s)
  --broker URL           MQTT broker (default mqtt://127.0.0.1:1883)
  --site-prefix P        serial numbers are P000001, P000002, … (default LOAD)
  --timezone Z           the batteries' site time zone (default Europe/Berlin)
  --duration D           stop after this long, e.g. 5m (default: until Ctrl+C)
  --connections N        MQTT connections shared by all batteries (default: one per 12,500, at most 16;
                         "per-device" gives each battery its own connection and last will)
  --speed X              simulated seconds per real second (default 1; the platform rejects
                         timestamps more than 10 minutes ahead, so keep 1 against a real server)
  --stats-every D        how often to print rates (default 5s)
  --ledger D             at the stop, print what the broker acknowledged of the batteries' telemetry and
                         events, and the battery × D intervals holding telemetry (a server keeping a sample
                         every D keeps one for each); a load test compares the stored rows with it
  --provision URL        first insert the batteries into the server's PostgreSQL database at URL (its
                         DATABASE_URL; needs --site) and register the run's gateway, gateway-simulator-P,
                         whose new credentials the simulator's connections log in with
  --site ID              operating site that provisioned batteries belong to
  --username U           without --provision: a gateway's MQTT username (gateway-NAME) and --password its
  --password=P           secret, from \`npm run cli -- devices gateway --serial NAME\` (with "=": a secret
                         may start with "-")
                         (CBM's broker lets no one in without credentials)`;

const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "10s", "500ms", "5m", "1h" in milliseconds. */
export function parseDuration(text: string): number {
  const match = DURATION.exec(text.trim());
  if (!match) throw new Error(`not a duration: "${text}" (use e.g. 500ms, 10s, 5m, 1h)`);
  return Number(match[1]) * (UNIT_MS[match[2] ?? 's'] ?? 1000);
}

function positiveInteger(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

export interface CliOptions {
  batteries: number;
  intervalMs: number;
  brokerUrl: string;
  sitePrefix: string;
  timezone: string;
  durationMs: number | null;
  /** null: one connection per battery. */
  connections: number | null;
  speed: number;
  statsEveryMs: number;
  /** Count what the broker acknowledged, with sample intervals this long; null: do not count. */
  ledgerResolutionMs: number | null;
  provision: { databaseUrl: string; siteId: number } | null;
  gateway: { username: string; password: string } | undefined;
}

export function parseCliOptions(args: string[]): CliOptions {
  const { values } = parseArgs({
    args,
    options: {
      batteries: { type: 'string', default: '1000' },
      interval: { type: 'string', default: '10s' },
      broker: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      'site-prefix': { type: 'string', default: 'LOAD' },
      timezone: { type: 'string', default: 'Europe/Berlin' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      speed: { type: 'string', default: '1' },
      'stats-every': { type: 'string', default: '5s' },
      ledger: { type: 'string' },
      provision: { type: 'string' },
      site: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      // Handled by the CLI before parsing; declared so that parsing accepts it.
      help: { type: 'boolean', default: false },
    },
  });
  const batteries = positiveInteger(values.batteries, 'batteries');
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,50}$/.test(values['site-prefix'])) {
    throw new Error('--site-prefix may hold letters, digits, dot, dash and underscore');
  }
  const speed = Number(values.speed);
  if (!(speed > 0)) throw new Error('--speed must be above 0');
  if (!values.username !== !values.password) throw new Error('--username and --password go together');
  if (values.provision && !values.site) throw new Error('--provision needs --site (the operating site id)');
  if (values.provision && !/^postgres(ql)?:\/\//.test(values.provision)) {
    throw new Error(
      "--provision needs the server's PostgreSQL URL (its DATABASE_URL): a server on PGlite keeps its DATA_DIR to itself, so run it on PostgreSQL for a load test",
    );
  }
  if (values.provision && values.username) {
    throw new Error('--provision registers its own gateway: leave out --username and --password');
  }
  return {
    batteries,
    intervalMs: parseDuration(values.interval),
    brokerUrl: values.broker,
    sitePrefix: values['site-prefix'],
    timezone: values.timezone,
    durationMs: values.duration ? parseDuration(values.duration) : null,
    connections:
      values.connections === 'per-device'
        ? null
        : values.connections
          ? positiveInteger(values.connections, 'connections')
          : Math.min(16, Math.ceil(batteries / 12_500)),
    speed,
    statsEveryMs: parseDuration(values['stats-every']),
    ledgerResolutionMs: values.ledger ? parseDuration(values.ledger) : null,
    provision: values.provision
      ? { databaseUrl: values.provision, siteId: positiveInteger(values.site ?? '', 'site') }
      : null,
    gateway: values.username && values.password ? { username: values.username, password: values.password } : undefined,
  };
}
