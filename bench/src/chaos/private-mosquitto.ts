import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import mqtt from 'mqtt';
import { freePort } from '../../../apps/server/test/server-process';

/** A Mosquitto of the scenario's own on a free port, anonymous, for an outside publisher. */
export async function startPrivateMosquitto(): Promise<{ url: string; process: ChildProcess; dir: string }> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cbm-chaos-mqtt-'));
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  const url = `mqtt://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const probe = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 500 }).catch(() => undefined);
    if (probe) {
      await probe.endAsync();
      return { url, process: child, dir };
    }
    await delay(100);
  }
  child.kill('SIGTERM');
  throw new Error(`mosquitto did not listen on ${port}`);
}

export async function stopPrivateMosquitto(broker: { process: ChildProcess; dir: string }): Promise<void> {
  if (broker.process.exitCode === null) {
    const exited = once(broker.process, 'exit');
    broker.process.kill('SIGTERM');
    await exited;
  }
  rmSync(broker.dir, { recursive: true, force: true });
}
