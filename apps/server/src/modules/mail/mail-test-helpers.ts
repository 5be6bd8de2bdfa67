import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMessage {
  file: string;
  to: string;
  from: string;
  subject: string;
  /** The plain-text body, quoted-printable decoded. */
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Reads the .eml files the outbox transport wrote, oldest first. */
export async function readOutbox(outboxDir: string): Promise<OutboxMessage[]> {
  const names = (await readdir(outboxDir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => {
      const raw = await readFile(join(outboxDir, name), 'utf8');
      const split = raw.indexOf('\n\n');
      const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
      const header = (field: string) => new RegExp(`^${field}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
      const body = raw.slice(split + 2);
      const text = /quoted-printable/i.test(header('Content-Transfer-Encoding')) ? decodeQuotedPrintable(body) : body;
      return { file: name, to: header('To'), from: header('From'), subject: header('Subject'), text };
    }),
  );
}

/** Outbox messages to `to` whose subject matches, oldest first. */
export async function mailsTo(outboxDir: string, to: string, subject: RegExp): Promise<OutboxMessage[]> {
  return (await readOutbox(outboxDir)).filter((m) => m.to === to && subject.test(m.subject));
}

/**
 * Waits for a matching message beyond the `seen` already there (mail goes out after the
 * answer) and returns it. The wait ends at the first match: a long limit costs a passing test
 * nothing and keeps a loaded CI machine from failing a mail that is merely late.
 */
export async function waitForMail(outboxDir: string, to: string, subject: RegExp, seen = 0, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(outboxDir, to, subject))[seen];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The token of the link in a mail (it travels in the URL fragment). */
export function linkToken(mail: OutboxMessage, path: string): string {
  const match = new RegExp(`https?://\\S+${path}#token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1]!;
}
