import type { ReceivedMail } from '../../../../test/smtp-sink';

export const PUBLIC_URL = 'https://cbm.example.com';

/** The token of the link in a mail (https://…/set-password?token=…). */
export function linkToken(mail: ReceivedMail | undefined): string {
  const match = /\/set-password\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no link in ${mail?.text}`);
  return match[1];
}

/** Waits until the sink holds a mail to `to` (mails are sent right after the change commits). */
export async function mailTo(mails: readonly ReceivedMail[], to: string, count = 1): Promise<ReceivedMail> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const found = mails.filter((mail) => mail.to.includes(to));
    if (found.length >= count) return found[count - 1] as ReceivedMail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail ${count} to ${to}`);
}
