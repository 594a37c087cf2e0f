import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  messageId: string;
  /** The decoded text body (quoted-printable soft breaks and escapes undone). */
  text: string;
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: ?(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';

/** RFC 2047 encoded words (nodemailer's =?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Parses the simple text/plain mails nodemailer writes (as .eml or over SMTP). */
export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return {
    to,
    raw,
    subject: decodeWords(header(head, 'Subject')),
    messageId: header(head, 'Message-ID'),
    text: text.replace(/\r\n/g, '\n'),
  };
}

/**
 * What the sink does with a mail whose DATA it received: accept it (keep it, answer 250), hang before answering
 * without keeping it (the sender never learns; nothing was delivered), or keep it and hang before answering
 * (delivered, but the sender never learns: the case that makes a crash send the mail twice).
 */
export type SinkBehaviour = 'accept' | 'hang' | 'keep-and-hang';

/** A real SMTP server on 127.0.0.1 that keeps what it receives; it can go down and come back on its port. */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  /** Emits 'mail' for each mail kept and 'held' for each mail left without an answer. */
  readonly events = new EventEmitter();
  /** Asked once per mail; 'accept' unless a test says otherwise. */
  behaviour: () => SinkBehaviour = () => 'accept';
  private server: SMTPServer | undefined;
  port = 0;

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
          const behaviour = this.behaviour();
          if (behaviour !== 'hang') {
            this.mails.push(mail);
            this.events.emit('mail', mail);
          }
          if (behaviour === 'accept') callback();
          else this.events.emit('held', mail);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
