import PostalMime from 'postal-mime';

/** One forwarded email, whichever way it came in (SMTP, raw MIME, Postmark, SendGrid, Mailgun). */
export interface InboundMessage {
  fromAddress: string;
  fromName: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; bytes: Uint8Array }[];
}

/** The stored payload formats of the email channel. */
export const EMAIL_FORMATS = ['rfc822', 'postmark', 'multipart', 'urlencoded'] as const;
export type EmailFormat = (typeof EMAIL_FORMATS)[number];

export class UnreadableMessage extends Error {
  override name = 'UnreadableMessage';
}

/** The format of an HTTP body by its media type; null: not an email payload this endpoint reads. */
export function emailFormatOf(contentType: string | undefined): EmailFormat | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'message/rfc822' || type === 'text/plain') return 'rfc822';
  if (type === 'application/json') return 'postmark';
  if (type === 'multipart/form-data') return 'multipart';
  if (type === 'application/x-www-form-urlencoded') return 'urlencoded';
  return null;
}

/** A raw RFC 822 message, parsed by postal-mime. */
export async function parseMime(raw: Uint8Array): Promise<InboundMessage> {
  let email;
  try {
    email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  } catch (err) {
    throw new UnreadableMessage(`The message could not be read as MIME: ${(err as Error).message}`);
  }
  return {
    fromAddress: email.from?.address ?? '',
    fromName: email.from?.name ?? '',
    subject: email.subject ?? '',
    text: email.text ?? '',
    html: email.html ?? '',
    attachments: email.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.mimeType ?? '',
      bytes: new Uint8Array(a.content as ArrayBuffer),
    })),
  };
}

/** `"Ada Lovelace" <ada@example.com>` → its parts. */
function splitAddress(value: string): { address: string; name: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (match) return { name: match[1]!.trim(), address: match[2]!.trim() };
  return { name: '', address: value.trim() };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Postmark's inbound webhook JSON (From, FromFull, Subject, TextBody, HtmlBody, Attachments[].Name/Content/ContentType). */
export function parsePostmark(body: Uint8Array): InboundMessage {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>;
  } catch {
    throw new UnreadableMessage('The JSON body could not be read.');
  }
  if (!json || typeof json !== 'object' || typeof json.Subject !== 'string') {
    throw new UnreadableMessage('The JSON body is not a Postmark inbound message (no Subject).');
  }
  const full = (json.FromFull ?? {}) as Record<string, unknown>;
  const from = str(full.Email) ? { address: str(full.Email), name: str(full.Name) } : splitAddress(str(json.From));
  const attachments = Array.isArray(json.Attachments) ? (json.Attachments as Record<string, unknown>[]) : [];
  return {
    fromAddress: from.address,
    fromName: from.name || str(json.FromName),
    subject: str(json.Subject),
    text: str(json.TextBody),
    html: str(json.HtmlBody),
    attachments: attachments.map((a) => ({
      filename: str(a.Name),
      contentType: str(a.ContentType),
      bytes: new Uint8Array(Buffer.from(str(a.Content), 'base64')),
    })),
  };
}

/**
 * SendGrid Inbound Parse (from, subject, text, html, attachment1…N; or `email` with the raw
 * message when "POST the raw, full MIME message" is on) and Mailgun routes (from, sender,
 * subject, body-plain, body-html, attachment-1…N; or `body-mime` on a URL ending in mime).
 */
export async function parseFormPost(body: Uint8Array, contentType: string): Promise<InboundMessage> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new UnreadableMessage('The form body could not be read.');
  }
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const raw = field('email') || field('body-mime');
  if (raw) return parseMime(new TextEncoder().encode(raw));
  const from = splitAddress(field('from') || field('sender'));
  const files: InboundMessage['attachments'] = [];
  // Attachments in the order the service numbered them (attachment1 / attachment-1 …), then any other file.
  const entries: [string, Blob & { name: string }][] = [];
  for (const [name, value] of form.entries()) if (typeof value !== 'string') entries.push([name, value as Blob & { name: string }]);
  const order = (name: string) => Number(/(\d+)$/.exec(name)?.[1] ?? Number.MAX_SAFE_INTEGER);
  entries.sort((a, b) => order(a[0]) - order(b[0]));
  for (const [, file] of entries) {
    files.push({ filename: file.name, contentType: file.type, bytes: new Uint8Array(await file.arrayBuffer()) });
  }
  return {
    fromAddress: from.address,
    fromName: from.name,
    subject: field('subject'),
    text: field('text') || field('body-plain') || field('stripped-text'),
    html: field('html') || field('body-html'),
    attachments: files,
  };
}

/** Any stored email payload, by its format. */
export function readEmail(format: EmailFormat, body: Uint8Array, contentType: string): Promise<InboundMessage> {
  if (format === 'rfc822') return parseMime(body);
  if (format === 'postmark') return Promise.resolve(parsePostmark(body));
  return parseFormPost(body, contentType);
}
