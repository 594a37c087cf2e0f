import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import mqtt, { type IClientOptions } from 'mqtt';
import { MOSQUITTO_BIN } from './private-mosquitto';

/** CBM's Mosquitto configuration with the dynamic-security plugin (decision 132). */
const SHIPPED = path.resolve(import.meta.dirname, '../../../deploy/mosquitto/cbm-dynsec.conf');

/** The CONNACK code a connection gets (0: in), closing it again. */
export const connectCode = (url: string, options: IClientOptions) =>
  mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...options }).then(
    async (client) => {
      await client.endAsync();
      return 0;
    },
    (error: { code?: number }) => error.code ?? -1,
  );

/**
 * The shipped dynamic-security configuration with its plugin file, persistence and log in `dir` and one plain
 * listener on `port` (its TLS and private listeners dropped); `restart` keeps the folder, as a service restart would.
 */
export async function startDynsecMosquitto(dir: string, port: number, pluginFile: string) {
  const lines = (await readFile(SHIPPED, 'utf8'))
    .split('\n')
    .filter((line) => !/^(listener|certfile|keyfile) /.test(line))
    .map((line) =>
      line
        .replace(/^plugin_opt_config_file .*/, `plugin_opt_config_file ${pluginFile}`)
        .replace(/^persistence_location .*/, `persistence_location ${dir}/`),
    );
  const config = path.join(dir, 'mosquitto.conf');
  // Run as root, Mosquitto would drop to the user "mosquitto", who cannot read the test's folder.
  const extra = [`user ${userInfo().username}`, `log_dest file ${dir}/mosquitto.log`, `listener ${port} 127.0.0.1`];
  await writeFile(config, [...lines, ...extra, ''].join('\n'));
  let broker: ChildProcess;
  const start = async () => {
    broker = spawn(MOSQUITTO_BIN as string, ['-c', config], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    // Up once anyone is answered (refused: no such user).
    while ((await connectCode(`mqtt://127.0.0.1:${port}`, { username: 'nobody', password: 'x' })) < 0) {
      if (broker.exitCode !== null || Date.now() > deadline) throw new Error(`mosquitto did not start on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    if (broker.exitCode !== null || broker.signalCode !== null) return;
    const exited = once(broker, 'exit');
    broker.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `mqtt://127.0.0.1:${port}`, start, stop };
}
