import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const errorOf = (run: () => unknown): ConfigError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('has a working default for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      DEMO: false,
      SESSION_TTL_HOURS: 12,
      SECURE_COOKIES: false,
      LOGIN_ATTEMPTS_PER_MINUTE: 10,
      MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      LOG_LEVEL: 'warn',
      OIDC_FEATURES_CLAIM: 'cbm_features',
      OIDC_ALLOW_HTTP: false,
      MAIL_OUTBOX_RETENTION_DAYS: 30,
      ALARM_RETENTION_DAYS: 365,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBeUndefined();
    expect(config.oidc).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.migrationsDir)).toBe(true);
    expect(config.migrationsDir.endsWith(path.join('server', 'migrations'))).toBe(true);
    expect(config.webDir.endsWith(path.join('web', 'dist'))).toBe(true);
  });

  it('reads and converts the given variables', () => {
    const config = loadConfig({
      PORT: '3000',
      DATABASE_URL: 'postgresql://cbm@db:5432/cbm',
      DEMO: '1',
      SECURE_COOKIES: 'true',
      SESSION_TTL_HOURS: '24',
      LOG_LEVEL: 'debug',
      PUBLIC_URL: 'https://cbm.example.com',
    });
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'postgresql://cbm@db:5432/cbm',
      DEMO: true,
      SECURE_COOKIES: true,
      SESSION_TTL_HOURS: 24,
      LOG_LEVEL: 'debug',
      PUBLIC_URL: 'https://cbm.example.com',
    });
    expect(loadConfig({ DEMO: '0', SECURE_COOKIES: 'false' })).toMatchObject({ DEMO: false, SECURE_COOKIES: false });
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or addresses and CIDR ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://cbm.example.com' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.7 ,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const wrong of ['true', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,', '1.2.3.4/8/1']) {
      expect(errorOf(() => loadConfig({ TRUST_PROXY: wrong })).message, wrong).toContain('TRUST_PROXY');
    }
  });

  it('takes a multi-host DATABASE_URL as `pg_autoctl show uri` prints it, and says what is wrong with a bad one', () => {
    const pair = 'postgres://cbm@10.0.0.1:5432,10.0.0.2:5432/cbm?target_session_attrs=read-write';
    expect(loadConfig({ DATABASE_URL: pair }).DATABASE_URL).toBe(pair);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://cbm@10.0.0.1:5432,/cbm' })).toThrow(
      'DATABASE_URL: host 2 of 2 is empty',
    );
  });

  it('takes READ_DATABASE_URL only with DATABASE_URL, the primary it replicates', () => {
    const primary = 'postgres://cbm@db1:5432/cbm';
    const replica = 'postgres://cbm@db2:5432/cbm';
    expect(loadConfig({ DATABASE_URL: primary, READ_DATABASE_URL: replica }).READ_DATABASE_URL).toBe(replica);
    expect(() => loadConfig({ READ_DATABASE_URL: replica })).toThrow('READ_DATABASE_URL needs DATABASE_URL');
  });

  it('lets overrides win over the environment', () => {
    expect(loadConfig({ DEMO: 'false', PORT: '1' }, { DEMO: true })).toMatchObject({ DEMO: true, PORT: 1 });
  });

  it('lists every wrong variable in one error', () => {
    const error = errorOf(() =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/cbm',
        DEMO: 'yes',
        SESSION_TTL_HOURS: '0',
        LOGIN_ATTEMPTS_PER_MINUTE: '-1',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'not a url',
      }),
    );
    expect(error.message.startsWith('Invalid configuration:\n')).toBe(true);
    const named = error.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(':')[0]);
    expect(named.sort()).toEqual(
      [
        'DATABASE_URL',
        'DEMO',
        'LOGIN_ATTEMPTS_PER_MINUTE',
        'LOG_LEVEL',
        'PORT',
        'PUBLIC_URL',
        'SESSION_TTL_HOURS',
      ].sort(),
    );
  });

  it.each([
    ['PORT', '65536'],
    ['PORT', '80.5'],
    ['SESSION_TTL_HOURS', String(24 * 90 + 1)],
    ['HOST', ''],
    ['SECURE_COOKIES', 'TRUE'],
  ])('refuses %s=%j', (name, value) => {
    expect(errorOf(() => loadConfig({ [name]: value })).message).toContain(`  ${name}: `);
  });

  it('configures ingestion: embedded broker by default, or an external one', () => {
    expect(loadConfig({})).toMatchObject({
      INGEST: true,
      MQTT_PORT: 1884,
      MQTT_SHARE_GROUP: 'cbm',
      SAMPLE_RESOLUTION_SECONDS: 60,
      INGEST_BATCH_SIZE: 1000,
      INGEST_QUEUE_LIMIT: 20_000,
    });
    expect(loadConfig({}).MQTT_CLIENT_ID).toMatch(/^cbm-ingest-[\w.-]+$/);
    const external = loadConfig({
      MQTT_URL: 'mqtts://ingest:secret@broker:8883',
      MQTT_SHARE_GROUP: '',
      INGEST: 'false',
    });
    expect(external).toMatchObject({
      MQTT_URL: 'mqtts://ingest:secret@broker:8883',
      MQTT_SHARE_GROUP: '',
      INGEST: false,
    });
    for (const [name, value] of [
      ['MQTT_URL', 'http://broker'],
      ['MQTT_PORT', '-1'],
      ['MQTT_CLIENT_ID', 'has space'],
      ['MQTT_SHARE_GROUP', 'a/b'],
      ['SAMPLE_RESOLUTION_SECONDS', '3601'],
      ['INGEST_BATCH_SIZE', '0'],
    ]) {
      expect(errorOf(() => loadConfig({ [name as string]: value })).message).toContain(`  ${name}: `);
    }
  });

  it("takes the RabbitMQ tier's management API only with the tier and with a user and password per node", () => {
    const tier = { RABBITMQ_URLS: 'amqp://cbm:secret@n1:5672', MQTT_URL: 'mqtt://cbm:secret@n1:1883' };
    const urls = 'http://cbm:secret@n1:15672, http://cbm:secret@n2:15672';
    expect(loadConfig({ ...tier, RABBITMQ_MANAGEMENT_URLS: urls }).rabbitmq?.managementUrls).toEqual([
      'http://cbm:secret@n1:15672',
      'http://cbm:secret@n2:15672',
    ]);
    expect(loadConfig(tier).rabbitmq?.managementUrls).toBeUndefined();
    expect(errorOf(() => loadConfig({ RABBITMQ_MANAGEMENT_URLS: urls })).message).toContain('needs RABBITMQ_URLS');
    const withoutUser = { ...tier, RABBITMQ_MANAGEMENT_URLS: 'http://n1:15672' };
    expect(errorOf(() => loadConfig(withoutUser)).message).toContain('user and password');
    const amqp = { ...tier, RABBITMQ_MANAGEMENT_URLS: 'amqp://cbm:secret@n1' };
    expect(errorOf(() => loadConfig(amqp)).message).toContain('  RABBITMQ_MANAGEMENT_URLS.0: Invalid URL');
  });

  it('needs the client id and secret when OIDC is on', () => {
    expect(errorOf(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).message).toContain('OIDC_CLIENT_ID');
    const config = loadConfig({
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'cbm',
      OIDC_CLIENT_SECRET: 's3cret',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'cbm',
      clientSecret: 's3cret',
      featuresClaim: 'cbm_features',
      allowHttp: false,
    });
  });
});
