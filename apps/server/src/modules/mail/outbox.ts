import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMessage {
  file: string;
  to: string;
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

/** Reads the .eml files the outbox transport wrote, oldest first (used by tests and local tooling). */
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
      return { file: name, to: header('To'), subject: header('Subject'), text };
    }),
  );
}
