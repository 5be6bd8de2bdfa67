import type { Database, UnitOfWork } from '@fitscore/db';
import type { DeckAnalyzer } from '@fitscore/deck-analysis';
import type { AppConfig } from '../config/env.ts';
import type { BlobStore } from '../lib/blob-store.ts';
import type { EventBus } from '../modules/events/event-bus.ts';
import type { PageCursors } from './page-cursor.ts';

/** Outbound HTTP (webhooks out, Slack/Teams, email APIs): `fetch`'s shape, so tests pass a fake. */
export type HttpClient = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** What the server uses of the deck-analysis engine; tests that do not test scoring pass a fake. */
export type DeckAnalyzerPort = Pick<DeckAnalyzer, 'inspect' | 'analyze' | 'close'>;

/**
 * The infrastructure every module may use, built once by the composition root (`app.ts`).
 * The deck analyzer, blob store, outbound HTTP and event bus are injection points: real ones
 * by default, fakes from a test's `buildApp` options.
 */
export interface Platform {
  config: AppConfig;
  db: Database;
  /**
   * The database for statements measured to need a generic plan (the pipeline's list reads, ADR
   * 0055); `db` for everything else. Transactions always run on `db` (through `uow`).
   */
  listDb: Database;
  /** Runs a function in one transaction; repositories built on its handle join it. */
  uow: UnitOfWork;
  blobs: BlobStore;
  analyzer: DeckAnalyzerPort;
  http: HttpClient;
  events: EventBus;
  cursors: PageCursors;
  /** Keys server-side secrets (event tickets, cursors): from APP_SECRET or DATA_DIR. */
  appSecret: Buffer;
}
