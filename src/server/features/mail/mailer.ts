// Outgoing mail: SMTP when SMTP_URL is set; otherwise each message is written as an .eml file
// under DATA_DIR/outbox and its text printed to the log, so a first-run user can still read it.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  mailFrom: string;
  dataDir: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.mailFrom) : outboxMailer(options);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as object);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}

export const OUTBOX_FOLDER = 'outbox';

function outboxMailer({ mailFrom, dataDir, logger }: MailerOptions): Mailer {
  const outbox = path.join(dataDir, OUTBOX_FOLDER);
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: mailFrom, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info(
        { to: message.to, file },
        `Mail written to the outbox (no SMTP_URL set): "${message.subject}"\n${message.text}`,
      );
    },
    close() {},
  };
}
