import { stripBidiControls, type DeckInfo } from '@fitscore/contracts';
import { DeckError, type DeckInspection } from '@fitscore/deck-analysis';
import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import type { ScoringOwner } from '../../lib/scoring-owner.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { DeckRow, DecksRepository } from './decks.repository.ts';

export const MAX_DECK_BYTES = 10 * 1024 * 1024;
/** A deck file this old with no row is an orphan: an upload between its write and its commit takes seconds. */
export const ORPHAN_BLOB_AGE_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;
const ACCEPTED_EXTENSIONS = /\.(pdf|pptx|ppt)$/i;
const WRONG_TYPE = 'Please upload a PDF or PowerPoint file';

export interface DecksServiceDeps {
  repo: DecksRepository;
  uow: UnitOfWork;
  blobs: BlobStore;
  /** Opens the deck (no OCR): a file that cannot be read is refused before it is stored. */
  inspect: (bytes: Uint8Array) => Promise<DeckInspection>;
}

export interface UploadOptions {
  /** How many versions the owner keeps (null: all); older ones are deleted, rows and files. */
  versionsKept: number | null;
  /** The caller's checked inspection of these bytes (`inspectChecked`): the deck is not opened twice. */
  inspection?: DeckInspection;
}

export function toDeckInfo(row: DeckRow): DeckInfo {
  return {
    id: row.id,
    filename: row.filename,
    version: row.version,
    format: row.format,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.createdAt.toISOString(),
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
async function checkDeck(bytes: Uint8Array, inspect: DecksServiceDeps['inspect']): Promise<DeckInspection> {
  try {
    return await inspect(bytes);
  } catch (err) {
    if (err instanceof DeckError) throw deckProblem(err);
    throw err;
  }
}

/** Decks of one owner opened at once; a few more wait their turn, beyond that 429. */
export const INSPECTIONS_PER_OWNER = 1;
export const WAITING_PER_OWNER = 2;

/**
 * One owner's inspections one at a time (the analyzer's reader threads, shared by everyone,
 * queue the rest in total): a founder sending bombs in parallel holds one reader, not all.
 */
function ownerQueue() {
  const queues = new Map<string, { running: number; waiting: Array<() => void> }>();
  return async function run<T>(owner: ScoringOwner, task: () => Promise<T>): Promise<T> {
    const key = owner.kind === 'founder' ? `u:${owner.userId}` : `d:${owner.dealId}`;
    const q = queues.get(key) ?? { running: 0, waiting: [] };
    queues.set(key, q);
    if (q.running >= INSPECTIONS_PER_OWNER) {
      if (q.waiting.length >= WAITING_PER_OWNER) throw new AppError('rate_limited', 'Your previous uploads are still being checked. Try again in a moment.');
      // The slot is handed over by the task that ends (running stays counted).
      await new Promise<void>((resolve) => q.waiting.push(resolve));
    } else q.running += 1;
    try {
      return await task();
    } finally {
      const next = q.waiting.shift();
      if (next) next();
      else if (--q.running === 0) queues.delete(key);
    }
  };
}

/** Decks of any owner (a founder, later a deal): versions, the current one, their files. */
export function createDecksService({ repo, uow, blobs, inspect }: DecksServiceDeps) {
  const inspectInTurn = ownerQueue();
  async function status(owner: ScoringOwner) {
    const [current, all] = await Promise.all([repo.current(owner), repo.list(owner)]);
    return {
      deckUploaded: Boolean(current),
      deck: current ? toDeckInfo(current) : null,
      versions: all.map((row) => ({ ...toDeckInfo(row), current: row.id === current?.id })),
    };
  }

  /** Drops the oldest versions beyond what the owner keeps (rows and files). */
  async function applyRetention(owner: ScoringOwner, keep: number | null) {
    if (keep === null) return;
    const all = await repo.list(owner);
    const excess = all.slice(keep);
    await repo.deleteMany(excess.map((d) => d.id));
    await Promise.all(excess.map((d) => blobs.delete(d.blobKey)));
  }

  return {
    status,

    /** Stores a new current deck: the previous one is marked removed in the same transaction. */
    async upload(owner: ScoringOwner, file: { filename: string; bytes: Uint8Array }, options: UploadOptions) {
      const filename = cleanFilename(file.filename);
      if (!ACCEPTED_EXTENSIONS.test(filename)) throw new AppError('unsupported_media_type', WRONG_TYPE);
      // The bytes decide, not the name: a renamed image or document is refused, and so is a
      // deck that is password-protected, damaged or a zip bomb, before anything is stored.
      const { format } = options.inspection ?? (await inspectInTurn(owner, () => checkDeck(file.bytes, inspect)));

      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      // The key names the file, not its owner: a deck keeps its key whoever owns it.
      const blobKey = `decks/${randomUUID()}.${format}`;
      await blobs.put(blobKey, file.bytes);
      try {
        await uow.run(async (tx) => {
          await repo.in(tx).markRemoved(owner);
          await repo.in(tx).insertNextVersion(owner, { filename, format, sizeBytes: file.bytes.byteLength, sha256, blobKey });
        });
      } catch (err) {
        await blobs.delete(blobKey);
        throw err;
      }
      await applyRetention(owner, options.versionsKept);
      return status(owner);
    },

    /** A quick look at a deck not stored yet (format, pages, text layer), in the analyzer's bounded reader. */
    inspect: (bytes: Uint8Array) => inspect(bytes),

    /** The same look, refused as `upload` refuses (415/422 with the engine's reason): pass it to `upload`. */
    inspectChecked: (bytes: Uint8Array) => checkDeck(bytes, inspect),

    /** The current deck stops being current (it stays among the versions); `tx` joins a caller's unit of work. */
    remove: (owner: ScoringOwner, tx?: Transaction) => repo.in(tx).markRemoved(owner),

    current: (owner: ScoringOwner) => repo.current(owner),

    /** One of this owner's versions (current or earlier); another owner's or an unknown id is 404. */
    async get(owner: ScoringOwner, deckId: string): Promise<DeckRow> {
      const deck = await repo.get(owner, deckId);
      if (!deck) throw new AppError('not_found', 'Deck version not found');
      return deck;
    },

    /** Every kept version, newest first. */
    list: (owner: ScoringOwner) => repo.list(owner),

    /** The bytes of one of this owner's decks. */
    async read(owner: ScoringOwner, deckId: string): Promise<{ deck: DeckRow; bytes: Uint8Array }> {
      const deck = await repo.get(owner, deckId);
      if (!deck) throw new AppError('not_found', 'Deck not found');
      return { deck, bytes: await blobs.get(deck.blobKey) };
    },

    versionsKept: (owner: ScoringOwner) => repo.count(owner),

    /**
     * Removes deck files that no row names (a crash between writing the file and committing its row,
     * or a deleted deal's decks) and half-written files, all older than `before`. Safe to run on
     * several instances at once.
     */
    async removeOrphanBlobs(before: Date): Promise<{ incomplete: number; orphans: number }> {
      const incomplete = await blobs.removeIncomplete(before);
      let orphans = 0;
      let batch: string[] = [];
      const sweep = async () => {
        const inUse = await repo.keysInUse(batch);
        const unused = batch.filter((key) => !inUse.has(key));
        await Promise.all(unused.map((key) => blobs.delete(key)));
        orphans += unused.length;
        batch = [];
      };
      for await (const blob of blobs.list('decks/')) {
        if (blob.modifiedAt >= before) continue;
        batch.push(blob.key);
        if (batch.length >= SWEEP_BATCH) await sweep();
      }
      if (batch.length > 0) await sweep();
      return { incomplete, orphans };
    },
  };
}
export type DecksService = ReturnType<typeof createDecksService>;
