import { INTAKE_MAX_MESSAGE_BYTES } from '@fitscore/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { FundRow } from './intake.repository.ts';
import type { IntakeService } from './intake.service.ts';

export interface SmtpReceiver {
  /** Listens; port 0 picks a free one (tests). Resolves with the port listened on. */
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
}

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

export interface SmtpBounds {
  /** Clients connected at once (SMTP_MAX_CLIENTS); more are answered 421 and closed. */
  maxClients: number;
  /** Connections at once from one address; more are answered 421 and closed. */
  maxPerAddress: number;
  /** An idle session is closed after this long. */
  idleTimeoutMs: number;
  /**
   * The balancers whose connections begin with a PROXY protocol v1 header (nginx's
   * `proxy_protocol on`): the sender's own address is then the one every limit counts and the
   * intake log records. Anyone else's connection is read as plain SMTP, so a PROXY line cannot
   * spoof an address. Empty: no proxy.
   */
  proxyProtocolFrom: string[];
}

/**
 * Reads a message's DATA keeping at most `limit` bytes: past it, the rest is read to the end
 * (the terminating dot) and dropped as it arrives, so an oversized message costs no memory.
 * Resolves with the chunks kept, or null when the message was over the limit.
 */
function readBounded(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer[] | null> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] | null = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) chunks = null;
      else chunks?.push(chunk);
    });
    stream.on('error', reject);
    stream.on('end', () => resolve((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded ? null : chunks));
  });
}

/**
 * The built-in SMTP receiver of forwarded decks (nodemailer's smtp-server): it accepts mail only
 * for known funds' intake addresses (others are refused at RCPT TO), refuses a message over the
 * size limit with 552, and stores each accepted message in the intake log before answering 250.
 *
 * Every read is bounded (ADR 0039): clients at once and per address (421 at connect), idle
 * sessions closed, the per-sender and per-fund intake limit applied at RCPT TO before anything is
 * written, and DATA past SIZE dropped as it arrives rather than held.
 */
export function createSmtpReceiver(intake: IntakeService, log: FastifyBaseLogger, bounds: SmtpBounds): SmtpReceiver {
  /** The fund of each recipient a session's RCPT TO accepted (a session may send several messages). */
  const fundsOf = new WeakMap<SMTPServerSession, Map<string, FundRow>>();
  /** Open connections per remote address, and the sessions counted there. */
  const perAddress = new Map<string, number>();
  const counted = new WeakSet<SMTPServerSession>();

  const server = new SMTPServer({
    name: 'fitscore-intake',
    banner: 'FitScore deal intake',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INTAKE_MAX_MESSAGE_BYTES,
    maxClients: bounds.maxClients,
    socketTimeout: bounds.idleTimeoutMs,
    closeTimeout: 5_000,
    disableReverseLookup: true,
    useProxy: bounds.proxyProtocolFrom.length > 0 ? bounds.proxyProtocolFrom : false,
    logger: false,
    onConnect(session, callback) {
      const open = perAddress.get(session.remoteAddress) ?? 0;
      if (open >= bounds.maxPerAddress) return callback(smtpError('Too many connections from your address, try again later', 421));
      perAddress.set(session.remoteAddress, open + 1);
      counted.add(session);
      callback();
    },
    onRcptTo(address, session, callback) {
      intake.smtp
        .recipient(address.address, session.remoteAddress)
        .then((found) => {
          if ('error' in found) return callback(smtpError(`${address.address}: ${found.error}`, found.code));
          const known = fundsOf.get(session) ?? new Map<string, FundRow>();
          known.set(address.address.toLowerCase(), found.fund);
          fundsOf.set(session, known);
          callback();
        })
        .catch((err: Error) => {
          log.error({ err }, 'intake: RCPT TO failed');
          callback(smtpError('Temporary failure, please try again later', 451));
        });
    },
    onData(stream, session, callback) {
      readBounded(stream, INTAKE_MAX_MESSAGE_BYTES).then((chunks) => {
        if (!chunks) return callback(smtpError(`Message exceeds the maximum size of ${INTAKE_MAX_MESSAGE_BYTES} bytes`, 552));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
        const known = fundsOf.get(session);
        const funds = new Map<string, FundRow>();
        for (const rcpt of session.envelope.rcptTo) {
          const fund = known?.get(rcpt.address.toLowerCase());
          if (fund) funds.set(fund.id, fund);
        }
        // Stored from the reads it arrived in (no joined copy), for every fund addressed, before 250
        // is answered: an accepted message is never lost.
        Promise.all([...funds.values()].map((fund) => intake.smtp.store(fund, chunks, session.remoteAddress, from)))
          .then((receipts) => callback(null, `Received, reference ${receipts.map((r) => r.reference).join(', ')}`))
          .catch((err: Error) => {
            log.error({ err }, 'intake: storing a message failed');
            callback(smtpError('Temporary failure, please try again later', 451));
          });
      }, (err: Error) => callback(err));
    },
    onClose(session) {
      fundsOf.delete(session);
      if (!counted.has(session)) return;
      counted.delete(session);
      const open = (perAddress.get(session.remoteAddress) ?? 1) - 1;
      if (open > 0) perAddress.set(session.remoteAddress, open);
      else perAddress.delete(session.remoteAddress);
    },
  });
  server.on('error', (err) => log.error({ err }, 'intake: SMTP receiver error'));

  return {
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(port, host, () => resolve((server.server.address() as AddressInfo).port));
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
