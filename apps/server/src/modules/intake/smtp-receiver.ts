import { INTAKE_MAX_MESSAGE_BYTES } from '@fitscore/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { FundRow } from './intake.repository.ts';
import type { IntakeService } from './intake.service.ts';
import { installDataScan } from './smtp-data-scan.ts';

export interface SmtpReceiver {
  /** Listens; port 0 picks a free one (tests). Resolves with the port listened on. */
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
}

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

/**
 * The built-in SMTP receiver of forwarded decks (nodemailer's smtp-server): it accepts mail only
 * for known funds' intake addresses (others are refused at RCPT TO), refuses a message over the
 * size limit with 552, and stores each accepted message in the intake log before answering 250.
 */
export function createSmtpReceiver(intake: IntakeService, log: FastifyBaseLogger): SmtpReceiver {
  if (!installDataScan()) log.warn('intake: smtp-server is not the version its faster DATA scan was checked against; its own parser is used');
  /** The fund of each recipient a session's RCPT TO accepted (a session may send several messages). */
  const fundsOf = new WeakMap<SMTPServerSession, Map<string, FundRow>>();

  const server = new SMTPServer({
    name: 'fitscore-intake',
    banner: 'FitScore deal intake',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INTAKE_MAX_MESSAGE_BYTES,
    logger: false,
    onRcptTo(address, session, callback) {
      intake.smtp
        .fundForAddress(address.address)
        .then((found) => {
          if ('error' in found) return callback(smtpError(`${address.address}: ${found.error}`, 550));
          const refused = intake.smtp.admitSender(session.remoteAddress, found.fund.id);
          if (refused) return callback(smtpError(refused, 450));
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
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(smtpError(`Message exceeds the maximum size of ${INTAKE_MAX_MESSAGE_BYTES} bytes`, 552));
        }
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
      });
    },
    onClose(session) {
      fundsOf.delete(session);
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
