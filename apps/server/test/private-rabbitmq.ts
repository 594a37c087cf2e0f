import { execFile, execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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
 * about devices. Stopped when the process exits, if not before.
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
  return {
    amqpUrls: nodes.map((n) => `amqp://${INGEST_USER}:${INGEST_USER}@127.0.0.1:${portBase + n}`),
    mqttUrls: nodes.map((n) => `mqtt://127.0.0.1:${portBase + 10 + n}`),
    managementUrls: nodes.map((n) => `http://${INGEST_USER}:${INGEST_USER}@127.0.0.1:${portBase + 24 + n}`),
    internalMqttUrl: `mqtt://${INGEST_USER}:${INGEST_USER}@127.0.0.1:${portBase + 10 + size}`,
    killNode: async (node) => void (await script('kill-node', String(node))),
    startNode: async (node) => void (await script('start-node', String(node))),
    async stop() {
      process.off('exit', stopOnExit);
      await script('stop');
      if (!process.env.KEEP_RABBIT) await rm(dir, { recursive: true, force: true });
    },
  };
}
