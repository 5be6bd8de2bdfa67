import { readOutbox, type OutboxMessage } from './outbox.ts';

/** Outbox messages to `to` whose subject matches, oldest first. */
export async function mailsTo(outboxDir: string, to: string, subject: RegExp): Promise<OutboxMessage[]> {
  return (await readOutbox(outboxDir)).filter((m) => m.to === to && subject.test(m.subject));
}

/**
 * Waits for a matching message beyond the `seen` already there (mail goes out after the
 * answer) and returns it.
 */
export async function waitForMail(outboxDir: string, to: string, subject: RegExp, seen = 0, timeoutMs = 5000) {
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
