import { startPrivateRabbitCluster } from '../../../apps/server/test/private-rabbitmq';
import { freePort } from '../../../apps/server/test/server-process';
import { setting } from '../smoke';
import type { ChaosRow, ChaosScenario } from './chaos-row';
import { type ChaosSchema, chaosSchema } from './chaos-server';
import { brokerAuthUrl, gatewayLedger, ledgerRow, recovery, startTierServers } from './rabbitmq-tier-servers';

/** The tier as production runs it: the nodes, an API process they ask about devices, and ingest workers. */
async function startTier(schema: ChaosSchema, size: 1 | 3) {
  const apiPort = await freePort();
  const cluster = await startPrivateRabbitCluster(brokerAuthUrl(apiPort), size);
  const servers = await startTierServers(schema, cluster, apiPort);
  return {
    ...servers,
    cluster,
    async stop() {
      await servers.stop();
      await cluster.stop();
    },
  };
}

/**
 * The supported production broker tier (decision 090): RabbitMQ of the shipped configuration (deploy/rabbitmq,
 * CHAOS_RABBITMQ_NODES 3 nodes, or 1), CBM's HTTP auth backend, ingest workers on the quorum queue. Two faults, each
 * with an outside gateway's PUBACK ledger and SQL counts of `device_event`:
 * - an ingest worker SIGKILLed mid-stream and replaced under a new client id (its unacknowledged messages go back
 *   to the queue; recovery: until everything acknowledged before the kill is stored);
 * - every worker gone while the gateway goes on (a backlog in the queue), then node 1 SIGKILLed (with one node:
 *   started again), then a new worker (recovery: from the node's death until the backlog is stored).
 */
export const rabbitmqTier: ChaosScenario = {
  name: 'rabbitmq-tier',
  smoke: false,
  window: { twice: 0, decision: '090' },
  async run(): Promise<ChaosRow[]> {
    const size = setting('CHAOS_RABBITMQ_NODES', 3, 1) === 1 ? 1 : 3;
    const events = setting('CHAOS_RABBITMQ_EVENTS', 3000, 600);
    const schema = await chaosSchema('rabbitmq');
    const tier = await startTier(schema, size);
    const shape = `${size === 3 ? 'three nodes' : 'one node'}, quorum queue`;
    try {
      const first = await gatewayLedger(schema, tier.cluster);
      const killed = await tier.worker();
      await tier.worker();
      const publishing = first.device.publish(events);
      await first.device.acknowledgedAtLeast(events / 3);
      await killed.stop('SIGKILL');
      const killedAt = performance.now();
      const takenOver = recovery(first, killedAt, 120);
      await tier.worker();
      await publishing;
      await first.device.acknowledgedAtLeast(events);
      const workerRow = await ledgerRow(
        'worker SIGKILL, replaced under a new client id (RabbitMQ tier)',
        first,
        await takenOver,
        `${shape}; 2 workers, one SIGKILLed after ${events / 3} PUBACKs; recovery: what was acknowledged before the kill stored`,
      );
      await first.device.end();

      const second = await gatewayLedger(schema, tier.cluster);
      await tier.killWorkers();
      await second.device.publish(events);
      await second.device.acknowledgedAtLeast(events);
      await tier.cluster.killNode(1);
      const nodeKilledAt = performance.now();
      if (size === 1) await tier.cluster.startNode(1);
      await tier.worker();
      const brokerRow = await ledgerRow(
        'broker node SIGKILL with a backlog, no worker running (RabbitMQ tier)',
        second,
        await recovery(second, nodeKilledAt, 300),
        `${shape}; ${events} acknowledged into the queue with every worker dead, then node 1 SIGKILLed${size === 1 ? ' and started again' : ''}, then a new worker`,
      );
      await second.device.end();
      return [workerRow, brokerRow];
    } finally {
      await tier.stop();
      await schema.drop();
    }
  },
};
