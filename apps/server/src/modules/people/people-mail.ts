import { randomBytes } from 'node:crypto';
import { HttpError } from '../../http-error';
import { type Language, translate } from '../../i18n/messages';
import type { MailTransport } from '../mail/mail-transport';
import type { LinkPurpose } from './user-link-repository';

export interface PeopleMailOptions {
  transport: MailTransport;
  /** PUBLIC_URL; without it links point at the origin the administrator's request came to. */
  publicUrl: string | undefined;
  oidcEnabled: boolean;
}

export interface LinkMail {
  purpose: LinkPurpose;
  /** Where the links point: PUBLIC_URL, or the request's origin (mailOrigin). */
  origin: string;
  to: string;
  name: string;
  inviter: string;
  token: string;
  expiresAt: Date;
  language: Language;
}

export const mailOrigin = (options: PeopleMailOptions, request: { protocol: string; host: string }) =>
  options.publicUrl ?? `${request.protocol}://${request.host}`;

/** The page a link opens: served by the server, so it works without a session (set-password-page.ts). */
export const setPasswordPath = (token: string) => `/set-password?token=${encodeURIComponent(token)}`;

export function composeLinkMail(options: Pick<PeopleMailOptions, 'oidcEnabled'>, mail: LinkMail) {
  const t = (key: Parameters<typeof translate>[1], values: Record<string, string> = {}) =>
    translate(mail.language, key, values);
  const values = {
    name: mail.name || mail.to,
    inviter: mail.inviter,
    until: mail.expiresAt.toISOString().slice(0, 16).replace('T', ' '),
    link: new URL(setPasswordPath(mail.token), mail.origin).toString(),
  };
  if (mail.purpose === 'passwordReset') {
    return { subject: t('peopleMail.resetSubject'), text: t('peopleMail.resetBody', values) };
  }
  const oidc = options.oidcEnabled
    ? t('peopleMail.oidcHint', { signin: new URL('/signin', mail.origin).toString() })
    : '';
  return { subject: t('peopleMail.invitationSubject'), text: t('peopleMail.invitationBody', { ...values, oidc }) };
}

/**
 * Sends the mail of a link right away, after its transaction committed: the link is stored whether or not
 * the mail server takes the mail, and a 503 tells the administrator to send it again.
 */
export async function sendLinkMail(options: PeopleMailOptions, mail: LinkMail): Promise<void> {
  const { subject, text } = composeLinkMail(options, mail);
  const host = new URL(mail.origin).hostname;
  try {
    await options.transport.send({
      messageId: `<cbm-user-${randomBytes(12).toString('hex')}@${host}>`,
      to: mail.to,
      subject,
      text,
      date: new Date(),
    });
  } catch {
    throw new HttpError(503, 'people.mailFailed', 'errors.personMailFailed');
  }
}
