import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** In a benchmark's server process: answers { cpu: true } over IPC with the CPU it has used so far. */
export function answerCpuQueries(): void {
  process.on('message', (message: { cpu?: boolean }) => {
    if (!message.cpu) return;
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
  });
}

/** CPU (µs, user + system) the server process has used so far; it must call answerCpuQueries. */
export async function serverCpuMicros(server: ChildProcess): Promise<number> {
  const answer = once(server, 'message') as Promise<[{ cpuMicros: number }]>;
  server.send({ cpu: true });
  const [{ cpuMicros }] = await answer;
  return cpuMicros;
}
