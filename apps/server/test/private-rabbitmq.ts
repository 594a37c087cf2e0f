import { execFile, execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import mqtt from 'mqtt';

const SCRIPT = path.resolve(import.meta.dirname, '../../../deploy/rabbitmq/local-cluster.sh');
const run = promisify(execFile);

/** Why a RabbitMQ cluster test cannot run here, or undefined. */
export const RABBITMQ_MISSING = existsSync('/usr/lib/rabbitmq/bin/rabbitmq-server')
  ? undefined
  : 'RabbitMQ is not installed (apt-get install rabbitmq-server)';

/** The ports the cluster script uses from its base (TEST_RABBITMQ_PORT_BASE, default 18870): see its header. */
const PORT_BASE = Number(process.env.TEST_RABBITMQ_PORT_BASE ?? 18870);
/** How many ports from the base the script may use (epmd is the last). */
export const RABBITMQ_PORTS = 30;
const INGEST_USER = 'cbm-ingest';
/** A node just started on a loaded machine may take minutes before its MQTT listener takes a connection. */
const MQTT_READY_SECONDS = 180;

const mqttAnswers = (url: string) =>
  mqtt.connectAsync(url, { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5000 }).then(
    (client) => client.endAsync().then(() => true),
    () => false,
  );

/** Waits until every URL takes an MQTT connection; answers those that did not within MQTT_READY_SECONDS. */
async function mqttRefusing(urls: readonly string[]): Promise<string[]> {
  const deadline = performance.now() + MQTT_READY_SECONDS * 1000;
  let refusing = [...urls];
  while (refusing.length > 0 && performance.now() < deadline) {
    const answers = await Promise.all(refusing.map(mqttAnswers));
    refusing = refusing.filter((_, i) => !answers[i]);
    if (refusing.length > 0) await delay(1000);
  }
  return refusing;
}

export interface PrivateRabbitCluster {
  /** AMQP URLs of the nodes (1–3) with CBM's internal ingest user. */
  amqpUrls: string[];
  /** MQTT addresses of the nodes, without credentials. */
  mqttUrls: string[];
  /** Management API addresses of the nodes with the internal user (administrator tag). */
  managementUrls: string[];
  /** The MQTT address of the last node with the internal user (the live relay's MQTT_URL). */
  internalMqttUrl: string;
  killNode(node: number): Promise<void>;
  startNode(node: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Three RabbitMQ nodes (or `size` 1: one) of the shipped configuration (deploy/rabbitmq) on loopback ports from
 * `portBase` (RABBITMQ_PORTS of them), started by deploy/rabbitmq/local-cluster.sh; `authUrl` is where they ask CBM
 * about devices. Answers once every node takes MQTT connections. Stopped when the process exits, if not before.
 */
export async function startPrivateRabbitCluster(
  authUrl: string,
  size: 1 | 3 = 3,
  portBase = PORT_BASE,
): Promise<PrivateRabbitCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cbm-rabbit-'));
  const nodes = [1, 2, 3].slice(0, size);
  const env = {
    ...process.env,
    CLUSTER_DIR: dir,
    PORT_BASE: String(portBase),
    CBM_AUTH_URL: authUrl,
    NODES: nodes.join(' '),
  };
  // Three Erlang nodes start in about a minute on an idle two-core machine, several on a loaded one.
  const script = (...args: string[]) => run(SCRIPT, args, { env, timeout: 600_000 });
  const stopOnExit = () => {
    execFileSync(SCRIPT, ['stop'], { env });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopOnExit);
  await script('start').catch(async (error: unknown) => {
    await script('stop');
    throw error;
  });
  const internalMqttUrls = nodes.map((n) => `mqtt://${INGEST_USER}:${INGEST_USER}@127.0.0.1:${portBase + 10 + n}`);
  const refusing = await mqttRefusing(internalMqttUrls);
  if (refusing.length > 0) {
    const { stdout: log } = await script('mqtt-log');
    await script('stop');
    throw new Error(
      `${refusing.join(', ')} took no MQTT connection within ${MQTT_READY_SECONDS} s; the nodes' MQTT log:\n${log}`,
    );
  }
  return {
    amqpUrls: nodes.map((n) => `amqp://${INGEST_USER}:${INGEST_USER}@127.0.0.1:${portBase + n}`),
    mqttUrls: nodes.map((n) => `mqtt://127.0.0.1:${portBase + 10 + n}`),
    managementUrls: nodes.map((n) => `http://${INGEST_USER}:${INGEST_USER}@127.0.0.1:${portBase + 24 + n}`),
    internalMqttUrl: internalMqttUrls.at(-1) as string,
    killNode: async (node) => void (await script('kill-node', String(node))),
    startNode: async (node) => void (await script('start-node', String(node))),
    async stop() {
      process.off('exit', stopOnExit);
      await script('stop');
      if (!process.env.KEEP_RABBIT) await rm(dir, { recursive: true, force: true });
    },
  };
}
