import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../../config';

export interface OutgoingMail {
  /** Stable per delivery (`<…@…>`): a mail sent again after a crash can be recognised as the same. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  date: Date;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailTransport {
  /** Resolves once the mail server accepted the mail (or the file is written); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A refusal the mail server will repeat (5xx), as opposed to an outage worth retrying. */
export const isPermanentMailError = (error: unknown) => {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export type MailConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'mailOutboxDir'>;

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each mail becomes an .eml file in the outbox
 * folder (DATA_DIR/mail-outbox), named after its Message-ID so that writing it again changes nothing.
 */
export function createMailTransport(config: MailConfig): MailTransport {
  const message = (mail: OutgoingMail) => ({
    from: config.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    date: mail.date,
    messageId: mail.messageId,
    attachments: mail.attachments,
  });

  if (config.SMTP_URL) {
    const smtp = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } satisfies SMTPTransport.Options);
    return {
      async send(mail) {
        await smtp.sendMail(message(mail));
      },
      close: () => smtp.close(),
    };
  }

  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await files.sendMail(message(mail));
      const name = mail.messageId.replace(/[<>]/g, '').replace(/[^\w.@-]/g, '_');
      const file = path.join(config.mailOutboxDir, `${name}.eml`);
      await mkdir(config.mailOutboxDir, { recursive: true });
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    close: () => files.close(),
  };
}
