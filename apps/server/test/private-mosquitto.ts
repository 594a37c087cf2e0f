import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from './server-process';

export const MOSQUITTO_BIN = ['/usr/sbin/mosquitto', '/usr/local/sbin/mosquitto'].find((bin) => existsSync(bin));
/** The persistence settings CBM ships for Mosquitto (deploy/mosquitto). */
const SHIPPED_CONFIG = path.resolve(import.meta.dirname, '../../../deploy/mosquitto/conf.d/persistence.conf');

export interface PrivateMosquitto {
  url: string;
  /** What the broker logged so far: errors, warnings and notices (such as "Outgoing messages are being dropped"). */
  log(): Promise<string>;
  /** Stops the broker with `signal` and starts it again on the same port and persistence folder. */
  restart(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  stop(): Promise<void>;
}

const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() !== undefined));
    socket.once('error', () => resolve(false));
  });

/**
 * A Mosquitto of its own (never the machine's on 1883) with the shipped persistence settings, anonymous,
 * on a free port, persisting to a temporary folder.
 */
export async function startPrivateMosquitto(): Promise<PrivateMosquitto> {
  const folder = await mkdtemp(path.join(tmpdir(), 'cbm-mosquitto-'));
  const port = await freePort();
  const config = path.join(folder, 'mosquitto.conf');
  await writeFile(
    config,
    [
      await readFile(SHIPPED_CONFIG, 'utf8'),
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      `persistence_location ${folder}/`,
      // Run as root, Mosquitto would drop to the user "mosquitto", who cannot write the folder.
      `user ${userInfo().username}`,
      `log_dest file ${folder}/mosquitto.log`,
      'log_type error',
      'log_type warning',
      'log_type notice',
    ].join('\n'),
  );
  let broker: ChildProcess;
  const start = async () => {
    broker = spawn(MOSQUITTO_BIN as string, ['-c', config], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await accepting(port))) {
      if (broker.exitCode !== null || Date.now() > deadline) throw new Error(`mosquitto did not start on ${port}`);
      await delay(20);
    }
  };
  const kill = async (signal: NodeJS.Signals) => {
    if (broker.exitCode !== null || broker.signalCode !== null) return;
    const exited = once(broker, 'exit');
    broker.kill(signal);
    await exited;
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    log: () => readFile(path.join(folder, 'mosquitto.log'), 'utf8').catch(() => ''),
    async restart(signal) {
      await kill(signal);
      await start();
    },
    async stop() {
      await kill('SIGTERM');
      await rm(folder, { recursive: true, force: true });
    },
  };
}
