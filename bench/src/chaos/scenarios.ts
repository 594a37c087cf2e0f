import { alarmBurst } from './alarm-burst';
import type { ChaosScenario } from './chaos-row';
import { cluster } from './cluster';
import { campaignCommands, campaignCommandsServerKill, offlineCommandsServerKill } from './command-delivery';
import { liveStreamsPool } from './live-streams-pool';
import { overload } from './overload';
import { rabbitmqTier } from './rabbitmq-tier';
import { reportMailsKill } from './report-mails-kill';

/** Every fault of `npm run chaos`, in the order of the table; each scenario lives in a file of its own here. */
export const chaosScenarios: ChaosScenario[] = [
  overload,
  alarmBurst,
  reportMailsKill,
  liveStreamsPool,
  campaignCommands,
  campaignCommandsServerKill,
  offlineCommandsServerKill,
  rabbitmqTier,
  cluster,
];
