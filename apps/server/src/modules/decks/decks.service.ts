import { stripBidiControls, type DeckInfo } from '@fitscore/contracts';
import { DeckError, type DeckFormat, type DeckInspection } from '@fitscore/deck-analysis';
import { createHash } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { DeckRow, DecksRepository } from './decks.repository.ts';

export const MAX_DECK_BYTES = 10 * 1024 * 1024;
const ACCEPTED_EXTENSIONS = /\.(pdf|pptx|ppt)$/i;
const WRONG_TYPE = 'Please upload a PDF or PowerPoint file';

export interface DecksServiceDeps {
  repo: DecksRepository;
  blobs: BlobStore;
  profiles: ProfilesService;
  /** How many versions this founder's plan keeps (null: all). */
  versionsKept: (userId: string) => Promise<number | null>;
  /** Opens the deck (no OCR): a file that cannot be read is refused before it is stored. */
  inspect: (bytes: Uint8Array) => Promise<DeckInspection>;
}

export function toDeckInfo(row: DeckRow): DeckInfo {
  return {
    id: row.id,
    filename: row.filename,
    version: row.version,
    format: row.format,
    size_bytes: row.sizeBytes,
    uploaded_at: row.createdAt.toISOString(),
  };
}

/** A name safe to show and to put in a Content-Disposition header. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'deck';
  // eslint-disable-next-line no-control-regex
  const cleaned = stripBidiControls(base.replace(/[\u0000-\u001f\u007f"<>]/g, '')).trim().slice(-200);
  return cleaned || 'deck';
}

/** A deck the engine cannot read, as the HTTP error a founder sees (the engine's message, written for them). */
function deckProblem(err: DeckError): AppError {
  if (err.code === 'too_large') return new AppError('payload_too_large', 'File size must be less than 10MB');
  if (err.code === 'unsupported_format') {
    // A specific reason (a Git LFS pointer, say) beats the generic line.
    const generic = err.message.replace(/\.$/, '') === WRONG_TYPE;
    return new AppError('unsupported_media_type', generic ? WRONG_TYPE : err.message, { reason: err.code });
  }
  return new AppError('unprocessable_deck', err.message, { reason: err.code });
}

/** Size, emptiness and type by content; then the deck is opened to prove it can be read. */
async function checkDeck(bytes: Uint8Array, inspect: DecksServiceDeps['inspect']): Promise<DeckFormat> {
  try {
    return (await inspect(bytes)).format;
  } catch (err) {
    if (err instanceof DeckError) throw deckProblem(err);
    throw err;
  }
}

export function createDecksService({ repo, blobs, profiles, versionsKept, inspect }: DecksServiceDeps) {
  async function status(userId: string) {
    const [current, all] = await Promise.all([repo.current(userId), repo.list(userId)]);
    return {
      deckUploaded: Boolean(current),
      deck: current ? toDeckInfo(current) : null,
      versions: all.map((row) => ({ ...toDeckInfo(row), current: row.id === current?.id })),
    };
  }

  /** Drops the oldest versions beyond what the plan keeps (rows and files). */
  async function applyRetention(userId: string) {
    const keep = await versionsKept(userId);
    if (keep === null) return;
    const all = await repo.list(userId);
    const excess = all.slice(keep);
    await repo.deleteMany(excess.map((d) => d.id));
    await Promise.all(excess.map((d) => blobs.delete(d.blobKey)));
  }

  return {
    status,

    async upload(userId: string, file: { filename: string; bytes: Uint8Array }) {
      await profiles.require(userId);
      const filename = cleanFilename(file.filename);
      if (!ACCEPTED_EXTENSIONS.test(filename)) throw new AppError('unsupported_media_type', WRONG_TYPE);
      // The bytes decide, not the name: a renamed image or document is refused, and so is a
      // deck that is password-protected, damaged or a zip bomb, before anything is stored.
      const format = await checkDeck(file.bytes, inspect);

      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      const blobKey = `decks/${userId}/${sha256.slice(0, 16)}-${Date.now().toString(36)}.${format}`;
      await blobs.put(blobKey, file.bytes);
      try {
        await repo.markRemoved(userId);
        await repo.insertNextVersion({ userId, filename, format, sizeBytes: file.bytes.byteLength, sha256, blobKey });
      } catch (err) {
        await blobs.delete(blobKey);
        throw err;
      }
      await applyRetention(userId);
      return status(userId);
    },

    async remove(userId: string) {
      await repo.markRemoved(userId);
      return status(userId);
    },

    current: (userId: string) => repo.current(userId),

    /** The bytes of one of this founder's decks. */
    async read(userId: string, deckId: string): Promise<{ deck: DeckRow; bytes: Uint8Array }> {
      const deck = await repo.get(userId, deckId);
      if (!deck) throw new AppError('not_found', 'Deck not found');
      return { deck, bytes: await blobs.get(deck.blobKey) };
    },

    versionsKept: (userId: string) => repo.count(userId),
  };
}
export type DecksService = ReturnType<typeof createDecksService>;
