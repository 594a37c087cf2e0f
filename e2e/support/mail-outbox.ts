import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { serverDataDir } from './device-publisher';

const decodeQuotedPrintable = (mail: string) =>
  mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The mails in the server's outbox folder (DATA_DIR/mail-outbox), quoted-printable undone. */
export async function outboxMails(): Promise<string[]> {
  const dir = path.join(serverDataDir(), 'mail-outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  return Promise.all(names.map(async (name) => decodeQuotedPrintable(await readFile(path.join(dir, name), 'utf8'))));
}

/** The mails to `to` in the outbox folder. */
export async function mailsTo(to: string): Promise<string[]> {
  return (await outboxMails()).filter((mail) => new RegExp(`^To: ${to}$`, 'im').test(mail));
}

/** The set-password link of a mail to `to`. */
export async function mailedLink(to: string): Promise<string | undefined> {
  const [mail] = await mailsTo(to);
  return mail === undefined ? undefined : /\/set-password\?token=[\w-]+/.exec(mail)?.[0];
}
