import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { serverDataDir } from './device-publisher';

/** The link of the newest mail to `to` in the server's outbox folder (DATA_DIR/mail-outbox), quoted-printable undone. */
export async function mailedLink(to: string): Promise<string | undefined> {
  const dir = path.join(serverDataDir(), 'mail-outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  for (const name of names) {
    const mail = (await readFile(path.join(dir, name), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (!new RegExp(`^To: ${to}$`, 'im').test(mail)) continue;
    return /\/set-password\?token=[\w-]+/.exec(mail)?.[0];
  }
  return undefined;
}
