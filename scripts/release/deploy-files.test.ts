import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, loadConfig } from '../../apps/server/src/config';
import { MAX_PACKET_BYTES } from '../../packages/contracts/src/device-protocol';
import {
  composeFile,
  dockerEnv,
  dockerInstructions,
  keyValues,
  mosquittoSettings,
  pathsNamed,
  readText,
  serverRoutes,
  systemdUnit,
} from './deploy-sources';
import { DEPLOY_FILES, RELEASE_FOLDER, ROOT, readJson, START_COMMAND } from './release-layout';

// The Dockerfile, deploy/compose and the other deploy files cannot be run on the project's machines (no container
// images): this holds them to the code they deploy — variables, ports, probe paths, broker limits, release layout.

const DOCKERFILE = 'Dockerfile';
const COMPOSE = 'deploy/compose/compose.yaml';
const SYSTEMD = 'deploy/systemd/cbm.service';

const docker = dockerInstructions(DOCKERFILE);
const example = keyValues(readText('deploy/compose/example.env'));
const compose = composeFile(COMPOSE, example);
const cbm = compose.services.cbm ?? {};
const rabbitConf = compose.configs['rabbitmq-conf']?.content ?? '';
const unit = systemdUnit(SYSTEMD);

describe('the variables the deploy files set', () => {
  it.each([
    ['Dockerfile ENV', dockerEnv(docker)],
    ['compose service cbm', cbm.environment ?? {}],
    ['systemd unit', unit.env],
  ])('%s: only variables of apps/server/src/config.ts, each a valid value', (_where, env) => {
    const unknown = Object.keys(env).filter((name) => !ENV_NAMES.includes(name));
    expect(unknown, 'not read by the server (apps/server/src/config.ts)').toEqual([]);
    expect(() => loadConfig({ ...dockerEnv(docker), ...env })).not.toThrow();
  });
});

describe('ports and paths', () => {
  const config = loadConfig({ ...dockerEnv(docker), ...cbm.environment });

  it("the image exposes the server's HTTP and embedded-broker ports", () => {
    const exposed = docker.filter(([keyword]) => keyword === 'EXPOSE').flatMap(([, args]) => args.split(/\s+/));
    expect(exposed.map(Number).sort()).toEqual([config.PORT, config.MQTT_PORT, config.MQTT_TLS_PORT].sort());
  });

  it("compose publishes and calls cbm on the server's HTTP port", () => {
    expect(cbm.ports?.map((mapping) => Number(mapping.split(':').at(-1)))).toEqual([config.PORT]);
    const calls = [...rabbitConf.matchAll(/@cbm:(\d+)\//g)].map((match) => Number(match[1]));
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls)).toEqual(new Set([config.PORT]));
  });

  it('the health check, the broker and the unit call paths the server has routes for', () => {
    const routes = serverRoutes();
    const named = [
      ...docker.flatMap(([, args]) => pathsNamed(args)),
      ...pathsNamed(rabbitConf),
      ...pathsNamed(unit.text),
    ];
    expect(named).toContain('/readyz');
    expect(named.filter((route) => !routes.has(route))).toEqual([]);
  });

  it("compose's URLs name its own services at their listeners", () => {
    const env = cbm.environment ?? {};
    const urls = [env.DATABASE_URL, env.MQTT_URL, env.RABBITMQ_URLS, env.RABBITMQ_MANAGEMENT_URLS];
    const hosts = urls.flatMap((list) => (list ?? '').split(',')).map((url) => new URL(url).host);
    const rabbit = keyValues(rabbitConf);
    const listener = (key: string) => rabbit[key]?.split(':').at(-1);
    expect(hosts).toEqual([
      'postgres:5432',
      `rabbitmq:${listener('mqtt.listeners.tcp.1')}`,
      `rabbitmq:${listener('listeners.tcp.1')}`,
      `rabbitmq:${listener('management.tcp.port')}`,
    ]);
  });
});

describe('the brokers', () => {
  const rabbitmq = keyValues(readText('deploy/rabbitmq/rabbitmq.conf'));
  const composeRabbit = keyValues(rabbitConf);

  it('refuse a device packet over MAX_PACKET_BYTES, as the embedded broker does', () => {
    expect(Number(rabbitmq.max_message_size)).toBe(MAX_PACKET_BYTES);
    expect(Number(composeRabbit.max_message_size)).toBe(MAX_PACKET_BYTES);
    expect(Number(mosquittoSettings(readText('deploy/mosquitto/cbm.conf')).max_packet_size)).toBe(MAX_PACKET_BYTES);
  });

  it("Mosquitto's dynamic-security variant has cbm.conf's settings, its user store aside", () => {
    const stores = ['password_file', 'acl_file', 'plugin', 'plugin_opt_config_file'];
    const withoutStore = (file: string) =>
      Object.entries(mosquittoSettings(readText(file))).filter(([key]) => !stores.includes(key));
    expect(withoutStore('deploy/mosquitto/cbm-dynsec.conf')).toEqual(withoutStore('deploy/mosquitto/cbm.conf'));
    expect(mosquittoSettings(readText('deploy/mosquitto/cbm-dynsec.conf')).plugin).toMatch(
      /mosquitto_dynamic_security/,
    );
  });

  it("compose's RabbitMQ node has deploy/rabbitmq's settings (its own listeners and management port aside)", () => {
    const listeners = /listeners\.|^management\.tcp\./;
    const shared = Object.keys(rabbitmq).filter((key) => key in composeRabbit && !listeners.test(key));
    expect(shared.length).toBeGreaterThan(5);
    expect(Object.fromEntries(shared.map((key) => [key, composeRabbit[key]]))).toEqual(
      Object.fromEntries(shared.map((key) => [key, rabbitmq[key]])),
    );
  });

  it("compose's configuration files exist", () => {
    const files = Object.values(compose.configs).flatMap((config) => (config.file ? [config.file] : []));
    expect(files.filter((file) => !existsSync(path.resolve(ROOT, path.dirname(COMPOSE), file)))).toEqual([]);
  });
});

describe('the release the image and the unit start', () => {
  const root = readJson<{ scripts: Record<string, string>; engines: { node: string }; workspaces: string[] }>(
    'package.json',
  );

  it('the image builds it with npm run package and keeps its folder', () => {
    expect(root.scripts.package).toContain('scripts/release/package-release.ts');
    expect(docker).toContainEqual(['RUN', 'npm run package']);
    expect(docker).toContainEqual(['COPY', `--from=build /build/release/${RELEASE_FOLDER} ./`]);
  });

  it('the image installs every workspace (npm ci needs each package.json)', () => {
    const copied = docker.filter(([keyword]) => keyword === 'COPY').map(([, args]) => args.split(/\s+/)[0]);
    const workspaces = Object.keys(readJson<{ packages: Record<string, unknown> }>('package-lock.json').packages)
      .filter((location) => location && !location.includes('node_modules'))
      .map((location) => `${location}/package.json`);
    expect(workspaces.filter((manifest) => !copied.includes(manifest))).toEqual([]);
  });

  it('the image runs a Node the engines field allows', () => {
    const majors = docker
      .filter(([keyword]) => keyword === 'FROM')
      .map(([, args]) => Number(/node:(\d+)/.exec(args)?.[1]));
    const minimum = Number(/>=\s*(\d+)/.exec(root.engines.node)?.[1]);
    expect(majors.every((major) => major >= minimum)).toBe(true);
  });

  it('the image and the unit start it with the release start command', () => {
    const cmd = docker.filter(([keyword]) => keyword === 'CMD').at(-1)?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(START_COMMAND);
    expect(unit.settings.ExecStart?.split(/\s+/)).toEqual([`/usr/bin/${START_COMMAND[0]}`, ...START_COMMAND.slice(1)]);
  });

  it('the deploy files the release carries exist', () => {
    expect(DEPLOY_FILES.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });
});
