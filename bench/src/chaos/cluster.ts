import { setting } from '../smoke';
import type { ChaosRow, ChaosScenario } from './chaos-row';
import { type ClusterNodes, startClusterNodes } from './cluster-nodes';
import { startOperatorProbe } from './operator-probe';
import { type GatewayLedger, gatewayLedger, ledgerRow, recovery } from './rabbitmq-tier-servers';
import { until } from './until';

interface Fault {
  name: string;
  /** The node whose MQTT listener the fault's gateway connects to first. */
  gatewayNode: number;
  /**
   * Kills the node (calling `killed` once it is dead) and brings it, or its replacement, back; resolves once that is
   * done.
   */
  inflict(killed: () => void): Promise<void>;
}

/** Each node in turn: the broker nodes, the PostgreSQL primary, each ingest worker, the API replica. */
function faults(nodes: ClusterNodes): Fault[] {
  const { cluster, pair, servers } = nodes;
  const brokerNode = (node: number): Fault => ({
    name: `broker node ${node} SIGKILL, then started again`,
    gatewayNode: node,
    async inflict(killed) {
      await cluster.killNode(node);
      killed();
      await cluster.startNode(node);
    },
  });
  const worker = (index: number): Fault => ({
    name: `ingest worker ${index + 1} SIGKILL, replaced under a new client id`,
    gatewayNode: 1,
    async inflict(killed) {
      await servers.killWorker(nodes.workers[index] as (typeof nodes.workers)[number]);
      killed();
      nodes.workers[index] = await servers.worker();
    },
  });
  return [
    brokerNode(1),
    brokerNode(2),
    brokerNode(3),
    {
      name: 'PostgreSQL primary SIGKILL (keeper and server), failover to the standby',
      gatewayNode: 1,
      async inflict(killed) {
        const primary = await pair.primary();
        await pair.killNode(primary);
        killed();
        const promoted = async () => ![primary, Number.NaN].includes(await pair.primary());
        if (!(await until(promoted, 120, 500))) throw new Error(`node ${primary}'s standby was not promoted in 120 s`);
        // The old primary's machine comes back and rejoins as the standby (rewound) while the next faults run.
        await pair.startNode(primary);
      },
    },
    worker(0),
    worker(1),
    {
      name: 'API replica SIGKILL, then started again',
      gatewayNode: 1,
      async inflict(killed) {
        await servers.api.crash(killed);
      },
    },
  ];
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Seconds from `since` until a message sent after it is acknowledged and everything acknowledged is stored. */
async function ingestionBack(ledger: GatewayLedger, since: number): Promise<number | null> {
  const sentBefore = ledger.device.sent;
  const sentAfter = (key: string) => Number(key.split('/')[1]) > sentBefore;
  if (!(await until(() => [...ledger.device.acknowledged].some(sentAfter), 120, 100))) return null;
  return recovery(ledger, since, 120);
}

type OperatorProbe = Awaited<ReturnType<typeof startOperatorProbe>>;

const FLEET = {
  perSecond: setting('CLUSTER_EVENTS_PER_SECOND', 40, 20),
  /** The fleet's time before each kill and after the node is back. */
  steadySeconds: setting('CLUSTER_STEADY_SECONDS', 10, 3),
  batteries: setting('CLUSTER_BATTERIES', 40, 4),
};

/** One fault's row: a gateway of its own sends before, through and after it while the probe reads. */
async function faultRow(nodes: ClusterNodes, probe: OperatorProbe, fault: Fault): Promise<ChaosRow> {
  const { perSecond, steadySeconds, batteries } = FLEET;
  const ledger = await gatewayLedger(nodes.schema, nodes.cluster, fault.gatewayNode, batteries);
  const publishing = ledger.device.publish(Number.POSITIVE_INFINITY, perSecond);
  await ledger.device.acknowledgedAtLeast(perSecond * steadySeconds);
  let killedAt = 0;
  let ingestion: Promise<number | null> = Promise.resolve(null);
  await fault.inflict(() => {
    killedAt = performance.now();
    ingestion = ingestionBack(ledger, killedAt);
  });
  console.log(`     back (restarted, promoted or replaced) after ${seconds(killedAt)} s`);
  const [ingestionSeconds, screensSeconds] = await Promise.all([ingestion, probe.answeredAgain(killedAt)]);
  // The fleet goes on for a while with the node back, then stops; its last messages are acknowledged.
  await ledger.device.acknowledgedAtLeast(ledger.device.acknowledged.size + perSecond * steadySeconds);
  ledger.device.stop();
  await publishing;
  await until(() => ledger.device.acknowledged.size >= ledger.device.sent, 30);
  const note = `${batteries} batteries, ${perSecond} events/s, gateway first on broker node ${fault.gatewayNode}`;
  const row = await ledgerRow(fault.name, ledger, ingestionSeconds, note);
  await ledger.device.end();
  return { ...row, screensSeconds };
}

async function faultRows(nodes: ClusterNodes): Promise<ChaosRow[]> {
  const [site] = await nodes.schema.db.query<{ id: number }>('SELECT id FROM operating_site ORDER BY id LIMIT 1');
  const probe = await startOperatorProbe(() => nodes.servers.api.url, site?.id as number);
  const rows: ChaosRow[] = [];
  try {
    for (const fault of faults(nodes)) {
      console.log(`   ${fault.name}`);
      rows.push(await faultRow(nodes, probe, fault));
    }
    return rows;
  } finally {
    await probe.stop();
  }
}

/**
 * Issue 46's multi-node test (`npm run cluster-test`): every node of the deployment (cluster-nodes.ts) killed in
 * turn while an outside gateway sends device events at a steady rate with its own ledger of PUBACKs and an operator
 * reads the live view through the API replica. A row per fault: its gateway's ledger against SQL, seconds until
 * ingestion works again (a message sent after the kill acknowledged and all acknowledged stored) and until the live
 * view answers again. Events, not telemetry samples: a sample older than its battery's newest is skipped by design
 * (decision 009), and a dead worker's messages are redelivered after newer ones, so only events count every
 * acknowledged message in SQL.
 */
export const cluster: ChaosScenario = {
  name: 'cluster',
  smoke: false,
  window: { twice: 0, decision: '090, 125', recoverySeconds: 30 },
  async run(): Promise<ChaosRow[]> {
    const nodes = await startClusterNodes();
    try {
      return await faultRows(nodes);
    } finally {
      await nodes.stop();
    }
  },
};
