import { PG_AUTO_FAILOVER_MISSING, startPostgresPair } from '../../../apps/server/test/private-postgres-pair';
import {
  RABBITMQ_MISSING,
  RABBITMQ_PORTS,
  startPrivateRabbitCluster,
} from '../../../apps/server/test/private-rabbitmq';
import { freePort, freePortBlock } from '../../../apps/server/test/server-process';
import { chaosSchema } from './chaos-server';
import { brokerAuthUrl, startTierServers } from './rabbitmq-tier-servers';

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/**
 * Every node of the multi-node deployment on this machine, on loopback ports picked here: three RabbitMQ nodes
 * (decision 090), a PostgreSQL primary and synchronous standby under pg_auto_failover's monitor (decision 125), an
 * API replica and two ingest workers (the server's build, as `npm run serve` starts it) on the pair's multi-host
 * URL.
 * Whatever this started is stopped when the process exits, if not before.
 */
export async function startClusterNodes() {
  const missing = RABBITMQ_MISSING ?? PG_AUTO_FAILOVER_MISSING;
  if (missing) throw new Error(missing);
  const started = performance.now();
  const apiPort = await freePort();
  // One block for both scripts, so that neither takes the other's ports before it binds them.
  const base = await freePortBlock(RABBITMQ_PORTS + 3);
  const [cluster, pair] = await Promise.all([
    startPrivateRabbitCluster(brokerAuthUrl(apiPort), 3, base),
    startPostgresPair(base + RABBITMQ_PORTS),
  ]);
  console.log(`   three RabbitMQ nodes (ports ${base}+) and the PostgreSQL pair up after ${seconds(started)}`);
  const schema = await chaosSchema('cluster', pair.url);
  // As production starts them (`npm run serve`), which also starts in a third of the time tsx takes.
  const servers = await startTierServers(schema, cluster, apiPort, true);
  const workers = await Promise.all([servers.worker(), servers.worker()]);
  console.log(`   API replica and two ingest workers up after ${seconds(started)}`);
  return {
    cluster,
    pair,
    schema,
    servers,
    workers,
    async stop() {
      await servers.stop();
      await schema.db.close();
      await Promise.all([cluster.stop(), pair.stop()]);
    },
  };
}

export type ClusterNodes = Awaited<ReturnType<typeof startClusterNodes>>;
