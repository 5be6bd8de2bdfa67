import { z } from 'zod';
import type { BlobStore } from '../../lib/blob-store.ts';
import type { DeckAnalyzerPort } from '../../plugins/platform.ts';
import { MAX_DECK_BYTES } from '../decks/decks.service.ts';
import { DeckError, type DeckInspection } from '@fitscore/deck-analysis';
import { DECK_FACT_FIELDS, factsOfPages, NO_FACTS, withDeckFacts, withMessageFacts, type DeckFactField } from '../deals/deck-facts.ts';
import { readEmail, UnreadableMessage, type EmailFormat } from './inbound-message.ts';
import type { IntakeItemRow } from './intake.repository.ts';
import { companyFromSender, deckLinkIn, factsFromSubject, firstDeck, hasDeckNamedAttachment, subjectQualifies } from './intake-rules.ts';

/**
 * An arriving deck opened once, in the analyzer's bounded reader: its inspection (format, pages,
 * text layer) or why it cannot be read. The facts it states, the refusal of an unreadable deck and
 * the stored version all use this one look.
 */
export type DeckLook = { inspection: DeckInspection } | { error: DeckError };

const factsOfLook = (look: DeckLook) => ('inspection' in look ? factsOfPages(look.inspection.deck.pages) : NO_FACTS);

/** What an item carries once read: a company and its deck (or a link to it). */
export interface Submission {
  companyName: string;
  contactEmail: string;
  website: string;
  stage: string;
  sector: string;
  geography: string;
  oneLiner: string;
  note: string;
  deck: { filename: string; bytes: Uint8Array; look: DeckLook } | null;
  deckLink: string | null;
  /** The facts above that were read from the deck (nobody typed them): the deal page says so. */
  fromDeck: DeckFactField[];
}

export type Reading = { ok: true; submission: Submission; sender: string | null } | { ok: false; outcome: 'refused' | 'ignored'; reason: string; sender: string | null; companyName?: string | null };

/** The text fields kept with a form or webhook item (the deck is the item's payload). */
export const StoredFieldsSchema = z.object({
  companyName: z.string(),
  founderName: z.string().default(''),
  contactEmail: z.string().default(''),
  website: z.string().default(''),
  stage: z.string().default(''),
  sector: z.string().default(''),
  geography: z.string().default(''),
  oneLiner: z.string().default(''),
  deckFilename: z.string().default('deck.pdf'),
  /** Email items: the media type their stored body was posted with. */
  contentType: z.string().optional(),
});
export type StoredFields = z.input<typeof StoredFieldsSchema>;

/** Reads a stored intake item back: its submission, or why it is refused or ignored (issue 12 rules). */
export function createItemReader(blobs: BlobStore, inspect: DeckAnalyzerPort['inspect']) {
  async function look(bytes: Uint8Array): Promise<DeckLook> {
    try {
      return { inspection: await inspect(bytes) };
    } catch (err) {
      if (err instanceof DeckError) return { error: err };
      throw err;
    }
  }

  async function readStoredFields(item: IntakeItemRow): Promise<Reading> {
    const fields = StoredFieldsSchema.parse(item.fields);
    const bytes = item.payloadKey ? await blobs.get(item.payloadKey) : null;
    const deck = bytes ? { filename: fields.deckFilename, bytes, look: await look(bytes) } : null;
    const given = { companyName: fields.companyName, stage: fields.stage, sector: fields.sector, geography: fields.geography };
    const needsDeck = DECK_FACT_FIELDS.some((f) => !given[f].trim());
    return {
      ok: true,
      sender: item.sender,
      submission: {
        ...withDeckFacts(given, deck && needsDeck ? factsOfLook(deck.look) : NO_FACTS),
        contactEmail: fields.contactEmail,
        website: fields.website,
        oneLiner: fields.oneLiner,
        note: fields.founderName ? `Founder: ${fields.founderName}` : '',
        deck,
        deckLink: null,
      },
    };
  }

  /** A forwarded email by the rules of the issue: subject filter, first deck, company name, link-only decks. */
  async function readEmailItem(item: IntakeItemRow): Promise<Reading> {
    const fields = (item.fields ?? {}) as { contentType?: string };
    let message;
    try {
      message = await readEmail(item.format as EmailFormat, await blobs.get(item.payloadKey!), fields.contentType ?? '');
    } catch (err) {
      if (err instanceof UnreadableMessage) return { ok: false, outcome: 'refused', reason: err.message, sender: null };
      throw err;
    }
    const sender = message.fromAddress || null;
    if (!subjectQualifies(message.subject)) {
      return { ok: false, outcome: 'ignored', reason: "Subject: no 'Pitch Deck' or 'Investment Deck'", sender };
    }
    const attached = firstDeck(message);
    const deck = attached ? { ...attached, look: await look(attached.bytes) } : null;
    const deckLink = deck ? null : deckLinkIn(message);
    // The subject first ('Cognitii - Pitch Deck (Seed)': Cognitii, Seed), then what the deck says,
    // then the message's own words (stage, sector, place), then the sender's domain (the company).
    const subject = factsFromSubject(message.subject);
    const deckFacts = deck ? factsOfLook(deck.look) : NO_FACTS;
    const facts = withMessageFacts(withDeckFacts({ companyName: subject.companyName ?? '', stage: subject.stage ?? '', sector: '', geography: '' }, deckFacts), message.text);
    const companyName = facts.companyName || companyFromSender(message.fromAddress);
    if (!deck && !deckLink) {
      const reason = hasDeckNamedAttachment(message) ? 'Unreadable deck: the attachment is not a PDF or PowerPoint file' : 'No deck attached or linked';
      return { ok: false, outcome: 'refused', reason, sender, companyName };
    }
    if (deck && deck.bytes.byteLength > MAX_DECK_BYTES) return { ok: false, outcome: 'refused', reason: 'Deck over 10 MB', sender, companyName };
    if (!companyName) return { ok: false, outcome: 'refused', reason: 'No company name in the subject, the deck or the sender', sender };
    return {
      ok: true,
      sender,
      submission: {
        ...facts,
        companyName,
        contactEmail: message.fromAddress,
        website: '',
        oneLiner: '',
        note: message.text.trim().slice(0, 10_000),
        deck,
        deckLink,
      },
    };
  }

  return (item: IntakeItemRow) => (item.channel === 'email' ? readEmailItem(item) : readStoredFields(item));
}
