import { INTAKE_SUBJECT_PATTERN } from '@fitscore/contracts';
import { subjectFacts } from '@fitscore/deck-analysis';
import { DEAL_FACT_VOCABULARY } from '../deals/deck-facts.ts';
import type { InboundMessage } from './inbound-message.ts';

const DECK_NAME = /\.(pdf|pptx|ppt)$/i;

/**
 * What the bytes are, by their first bytes: a PDF, a PowerPoint 97-2003 (OLE2) or a zip (PPTX).
 * A cheap check at receipt; the deck is fully opened (and a zip proven to be a PPTX) by the job.
 */
export function looksLikeDeck(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 8));
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return true;
  if (head.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return true;
  return head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
}

/** The message is a deck submission when its subject says so ('Pitch Deck', 'Investment Deck'). */
export const subjectQualifies = (subject: string) => INTAKE_SUBJECT_PATTERN.test(subject);

/**
 * The company and stage hint a subject names: 'Cognitii - Pitch Deck (Seed)' → Cognitii, Seed;
 * 'Fwd: Pitch Deck - Acme' → Acme. Null company when the subject names nobody.
 */
export const factsFromSubject = (subject: string) => subjectFacts(subject, DEAL_FACT_VOCABULARY);

/** The company named in the subject ('Pitch Deck – Acme Robotics', 'Fwd: Acme: Investment Deck (Seed)'), or null. */
export const companyFromSubject = (subject: string): string | null => factsFromSubject(subject).companyName;

/** The first .pdf/.ppt/.pptx attachment whose bytes are a deck; null when there is none. */
export function firstDeck(message: InboundMessage): { filename: string; bytes: Uint8Array } | null {
  for (const a of message.attachments) {
    if (DECK_NAME.test(a.filename) && looksLikeDeck(a.bytes)) return { filename: a.filename, bytes: a.bytes };
  }
  return null;
}

/** Whether any attachment is named like a deck (to tell 'no deck' from 'not a real deck'). */
export const hasDeckNamedAttachment = (message: InboundMessage) => message.attachments.some((a) => DECK_NAME.test(a.filename));

const DECK_LINK = /https?:\/\/(?:[\w-]+\.)*(?:docsend\.com|docs\.google\.com\/presentation|drive\.google\.com|dropbox\.com|db\.tt|pitch\.com|slides\.com)\/[^\s<>"')\]]*/i;

/** A deck shared as a link (DocSend, Google Slides/Drive, Dropbox, Pitch): the first such link in the text or HTML. */
export function deckLinkIn(message: InboundMessage): string | null {
  return DECK_LINK.exec(message.text)?.[0] ?? DECK_LINK.exec(message.html)?.[0] ?? null;
}

const FREE_MAIL = new Set(['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'yahoo.com', 'icloud.com', 'me.com', 'proton.me', 'protonmail.com', 'aol.com', 'gmx.com']);

/** The sender's company guessed from their address ('ada@acme-robotics.com' → 'Acme Robotics'); null for free mail. */
export function companyFromSender(address: string): string | null {
  const domain = address.split('@')[1]?.toLowerCase().trim();
  if (!domain || FREE_MAIL.has(domain)) return null;
  const parts = domain.split('.');
  const label = parts.length > 2 && ['co', 'com', 'org', 'net'].includes(parts[parts.length - 2]!) ? parts[parts.length - 3]! : parts[parts.length - 2] ?? parts[0]!;
  const name = label.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()).trim();
  return name || null;
}
