import http from 'node:http';
import https from 'node:https';
import { checkWebhookUrl, guardedLookup, RefusedWebhookUrl, type WebhookPolicy } from '../integrations/webhook-post.ts';

/** Why a deck URL gave no deck; the message goes in the import's report as it is. */
export class DeckNotFetched extends Error {
  override name = 'DeckNotFetched';
}

const MAX_REDIRECTS = 3;

/** The webhook checks' words, said of a deck. */
const forDeck = (message: string) =>
  message
    .replace(/^Please enter a valid webhook URL.*$/, 'Not a valid web address')
    .replace(/webhook URLs/gi, 'Deck URLs')
    .replace(/webhook addresses/gi, 'Deck addresses')
    .replace(/the webhook's host/gi, "The deck's host");

/** A file name for the deck from its address ('…/acme-deck.pdf' → 'acme-deck.pdf'). */
function filenameOf(url: URL, contentType: string): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '').replace(/[^\w.\- ]+/g, '');
  if (/\.(pdf|pptx|ppt)$/i.test(last)) return last;
  if (contentType.includes('presentationml')) return 'deck.pptx';
  if (contentType.includes('powerpoint')) return 'deck.ppt';
  return 'deck.pdf';
}

function getOnce(url: URL, { policy, timeoutMs, maxBytes }: { policy: WebhookPolicy; timeoutMs: number; maxBytes: number }) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; location: string | null; contentType: string; bytes: Uint8Array }>((resolve, reject) => {
    const req = client.get(url, { lookup: guardedLookup(policy), timeout: timeoutMs, agent: false, headers: { 'user-agent': 'FitScore-Import/1', accept: 'application/pdf, application/vnd.openxmlformats-officedocument.presentationml.presentation, */*' } } as https.RequestOptions, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        res.resume();
        resolve({ status, location: res.headers.location ?? null, contentType: '', bytes: new Uint8Array(0) });
        return;
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > maxBytes) {
        res.destroy();
        reject(new DeckNotFetched(`The deck is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Bounded while reading: a server that sends more than it declared is cut off.
        if (size > maxBytes) {
          res.destroy();
          reject(new DeckNotFetched(`The deck is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, location: null, contentType: String(res.headers['content-type'] ?? ''), bytes: new Uint8Array(Buffer.concat(chunks)) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new DeckNotFetched(`No answer within ${Math.round(timeoutMs / 1000)} s`)));
    req.on('error', (err) => reject(err.name === 'RefusedWebhookUrl' ? new DeckNotFetched(forDeck(err.message)) : err instanceof DeckNotFetched ? err : new DeckNotFetched(err.message || 'Could not reach the address')));
  });
}

/**
 * Downloads a deck from an imported row's URL under the alert webhooks' SSRF rules (ADR 0068):
 * https only (http too where private addresses are allowed), no credentials in the URL, every
 * address of the host public, checked again at connect time and on each of at most 3 redirects;
 * the body bounded while it is read. Rejects with DeckNotFetched, saying why.
 */
export async function fetchDeck(raw: string, options: { policy: WebhookPolicy; timeoutMs: number; maxBytes: number }): Promise<{ filename: string; bytes: Uint8Array }> {
  let address = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    let url: URL;
    try {
      url = await checkWebhookUrl(address, options.policy);
    } catch (err) {
      throw err instanceof RefusedWebhookUrl ? new DeckNotFetched(forDeck(err.message)) : err;
    }
    const answer = await getOnce(url, options);
    if (answer.location) {
      address = new URL(answer.location, url).toString();
      continue;
    }
    if (answer.status !== 200) throw new DeckNotFetched(`The address answered ${answer.status}`);
    if (answer.contentType.includes('text/html')) throw new DeckNotFetched('The address is a web page, not a deck file (PDF or PowerPoint)');
    return { filename: filenameOf(url, answer.contentType), bytes: answer.bytes };
  }
  throw new DeckNotFetched(`More than ${MAX_REDIRECTS} redirects`);
}
