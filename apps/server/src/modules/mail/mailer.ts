import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about: logged in outbox mode so a person running locally can follow it. */
  link: string;
  /** The name the message comes from (a fund's, for its applicants); the address stays MAIL_FROM's. */
  fromName?: string;
  /** An HTML part beside the text (a fund's branded email); the text part says the same. */
  html?: string;
}

/** MAIL_FROM, under another display name when one is given. */
function fromOf(configured: string, name: string | undefined) {
  if (!name) return configured;
  const address = /<([^>]+)>/.exec(configured)?.[1] ?? configured.trim();
  return { name: name.replace(/[\r\n"<>]+/g, ' ').trim(), address };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Outgoing mail through nodemailer. With SMTP_URL it goes to that server; without (the
 * embedded default) each message is rendered by nodemailer's stream transport and written
 * as an .eml file under DATA_DIR/outbox/, and its link is logged.
 */
export function createMailer(config: AppConfig['mail'], log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send({ to, subject, text, html, fromName }) {
        await transport.sendMail({ from: fromOf(config.from, fromName), to, subject, text, ...(html ? { html } : {}) });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, link, fromName }) {
      const info = await transport.sendMail({ from: fromOf(config.from, fromName), to, subject, text, ...(html ? { html } : {}) });
      await mkdir(config.outboxDir, { recursive: true });
      // Time first, so a directory listing sorts oldest to newest.
      const file = join(config.outboxDir, `${Date.now()}-${randomUUID()}.eml`);
      await writeFile(file, info.message);
      log.info({ outboxFile: file, link }, `mail written to the outbox: ${subject}`);
    },
  };
}
