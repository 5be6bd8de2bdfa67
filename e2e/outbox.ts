import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Mail {
  from: string;
  subject: string;
  text: string;
}

/** The outbox mails to `to` (the server writes .eml files without SMTP_URL), oldest first. */
export async function mailsTo(to: string): Promise<Mail[]> {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  const mails: Mail[] = [];
  for (const name of names) {
    const raw = await readFile(join(outbox, name), 'utf8');
    const split = raw.indexOf('\n\n');
    const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
    if (!new RegExp(`^To: ${to}$`, 'm').test(head)) continue;
    const header = (field: string) => new RegExp(`^${field}: (.*)$`, 'm').exec(head)?.[1]?.trim() ?? '';
    // Quoted-printable: soft line breaks and '=XX' escapes.
    const body = raw
      .slice(split + 2)
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    mails.push({ from: header('From'), subject: header('Subject'), text: Buffer.from(body, 'latin1').toString('utf8') });
  }
  return mails;
}
