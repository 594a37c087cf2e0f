import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * A minimal SMTP server as the outside ledger of mails: a mail counts as delivered to its recipients when the
 * server's "250" after its data reached a connection still open (as a real server takes responsibility). Each
 * mail's answer waits `delayMs`, so a scenario can kill the sender between two mails.
 */
export async function startSmtpLedger(delayMs: number) {
  const delivered = new Map<string, number>();
  let total = 0;
  // A sender killed mid-conversation resets its connection: that conversation just ends.
  const server = createServer((socket) => void converse(socket).catch(() => undefined));
  async function converse(socket: Socket) {
    let buffer = '';
    let recipients: string[] = [];
    let inData = false;
    const reply = (line: string) => socket.writable && socket.write(`${line}\r\n`);
    socket.on('error', () => undefined);
    reply('220 chaos ledger');
    for await (const chunk of socket) {
      buffer += String(chunk);
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) break;
          buffer = buffer.slice(end + 5);
          inData = false;
          const to = recipients;
          recipients = [];
          await delay(delayMs);
          if (!socket.writable) continue;
          reply('250 queued');
          total += 1;
          for (const address of to) delivered.set(address, (delivered.get(address) ?? 0) + 1);
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) break;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'RCPT') recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    }
  }
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `smtp://127.0.0.1:${(server.address() as { port: number }).port}`,
    delivered,
    total: () => total,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
