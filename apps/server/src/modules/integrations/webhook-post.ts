import http from 'node:http';
import https from 'node:https';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a webhook URL cannot be used; the message is shown to the admin as it is. */
export class RefusedWebhookUrl extends Error {
  override name = 'RefusedWebhookUrl';
}

export interface WebhookPolicy {
  /** ALERT_WEBHOOK_ALLOW_PRIVATE: private, loopback and link-local addresses (and plain http) allowed. */
  allowPrivate: boolean;
}

/** Only ordinary public unicast addresses: private, loopback, link-local, CGNAT, multicast, reserved, 6to4 etc. are refused. */
function isPublic(address: string): boolean {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

function refuseAddress(host: string, address: string): never {
  const where = host === address ? address : `${host} resolves to ${address}, which`;
  throw new RefusedWebhookUrl(`Webhook addresses must be public: ${where} is a private, loopback or link-local address`);
}

/** Every address a host name resolves to; each must be public (a name with one private address is refused). */
async function checkedAddresses(host: string, policy: WebhookPolicy): Promise<{ address: string; family: number }[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = await lookup(bare, { all: true, verbatim: true });
    } catch {
      throw new RefusedWebhookUrl(`The webhook's host ${bare} could not be found`);
    }
  }
  if (!policy.allowPrivate) {
    for (const a of addresses) if (!isPublic(a.address)) refuseAddress(bare, a.address);
  }
  return addresses;
}

/** Parses and checks a webhook URL: https (http only when private addresses are allowed), no credentials, public host. */
export async function checkWebhookUrl(raw: string, policy: WebhookPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedWebhookUrl('Please enter a valid webhook URL (https://…)');
  }
  const httpAllowed = policy.allowPrivate && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpAllowed) throw new RefusedWebhookUrl('Webhook URLs must start with https://');
  if (url.username || url.password) throw new RefusedWebhookUrl('Webhook URLs must not contain a user name or password');
  await checkedAddresses(url.hostname, policy);
  return url;
}

/**
 * The socket's own name lookup: the addresses are checked where the connection is made, so a
 * name that resolved to a public address when saved cannot be pointed at a private one later
 * (DNS rebinding): the address connected to is the one just checked.
 */
export function guardedLookup(policy: WebhookPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, policy).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (options.all) callback(null, wanted);
        else if (wanted[0]) callback(null, wanted[0].address, wanted[0].family);
        else callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      },
      (err: Error) => callback(Object.assign(err, { code: 'EREFUSED' }), '', 0),
    );
  };
}

export interface WebhookAnswer {
  status: number;
  /** The first EXCERPT_CHARS characters of the body. */
  body: string;
}

export const EXCERPT_CHARS = 500;
const MAX_READ_BYTES = 64 * 1024;

/**
 * POSTs JSON to a webhook and reads the start of the answer. Redirects are not followed (a 3xx
 * is the answer); the URL and every address of its host are checked first and again at connect.
 * Rejects with RefusedWebhookUrl for a refused address, or another Error for network failures.
 */
export async function postWebhook(
  rawUrl: string,
  payload: unknown,
  options: { policy: WebhookPolicy; timeoutMs: number; signal?: AbortSignal },
): Promise<WebhookAnswer> {
  return postJsonText(rawUrl, JSON.stringify(payload), options);
}

/**
 * `postWebhook` for a body already serialised (a signed body must be posted byte for byte), with
 * extra headers (signatures) and the caller's user agent; the same address checks.
 */
export async function postJsonText(
  rawUrl: string,
  json: string,
  { policy, timeoutMs, signal, headers = {}, userAgent = 'FitScore-Alerts/1' }: { policy: WebhookPolicy; timeoutMs: number; signal?: AbortSignal; headers?: Record<string, string>; userAgent?: string },
): Promise<WebhookAnswer> {
  const url = await checkWebhookUrl(rawUrl, policy);
  const body = Buffer.from(json, 'utf8');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookAnswer>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': body.length, 'user-agent': userAgent },
        lookup: guardedLookup(policy),
        timeout: timeoutMs,
        signal: signal ?? null,
        agent: false,
      } as https.RequestOptions,
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_READ_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_READ_BYTES) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS) });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s`)));
    req.on('error', (err) => reject(err.name === 'RefusedWebhookUrl' ? err : new Error(err.message || 'Could not reach the service')));
    req.end(body);
  });
}
