import {
  IMPORT_ALREADY_RUNNING,
  IMPORT_NOT_FOUND,
  IMPORT_SAMPLE_ROWS,
  MAX_IMPORT_BYTES,
  type DealImport,
  type FundStage,
  type ImportMapping,
  type ImportPreviewRow,
} from '@fitscore/contracts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CsvValue } from '../../plugins/downloads.ts';
import type { CollabService } from '../collab/collab.service.ts';
import type { DealArrival, DealsService } from '../deals/deals.service.ts';
import { defineJob, PermanentJobError, type JobContext } from '../jobs/define-job.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { WebhookPolicy } from '../integrations/webhook-post.ts';
import { suggestMapping } from './column-suggestions.ts';
import { overviewOf, rowsOf } from './csv-reading.ts';
import { DeckNotFetched, fetchDeck } from './deck-fetch.ts';
import { isOneRunningViolation, type DealImportRepository, type DealImportRow, type ReportRow } from './deal-import.repository.ts';
import { readRow, type ImportMember, type ImportRow, type RowContext } from './import-rows.ts';

export const IMPORT_RUN_QUEUE = 'deal-import-run';
export const IMPORT_DECK_QUEUE = 'deal-import-deck';
/** Rows written per transaction: the import's progress moves with each batch, exactly once. */
const BATCH_ROWS = 250;
const REFUSED_SHOWN = 50;
const REPORT_PAGE = 1000;

export const IMPORT_ALREADY_STARTED = 'This import has already been started.';
export const UNKNOWN_COLUMN = 'The mapping names a column the file does not have';

export interface DealImportServiceDeps {
  repo: DealImportRepository;
  uow: UnitOfWork;
  blobs: BlobStore;
  jobs: JobQueue;
  deals: Pick<DealsService, 'arriveAll' | 'attachDeck' | 'trialSpent'>;
  stages: { list(fundId: string): Promise<FundStage[]> };
  members: (fundId: string) => Promise<ImportMember[]>;
  collab: Pick<CollabService, 'postIn'>;
  /** The alert webhooks' SSRF rules and timeout, for deck URLs. */
  policy: WebhookPolicy;
  timeoutMs: number;
  maxDeckBytes: number;
  log: { warn(obj: object, msg: string): void };
}

/** An uploaded file as the route reads it: its name, its bytes as they stream in, and whether the size bound cut it. */
export interface ImportUpload {
  filename: string;
  stream: AsyncIterable<Uint8Array>;
  truncated: () => boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const reportRowOf = (r: { row: number; company: string; outcome: ReportRow['outcome']; dealId: string | null; reason: string; deckUrl: string | null; deckResult: string | null }) => ({
  row: r.row,
  company: r.company,
  outcome: r.outcome,
  dealId: r.dealId,
  reason: r.reason,
  deck: r.deckUrl ? (r.deckResult ?? (r.dealId ? 'Being fetched' : 'Not fetched')) : null,
});

/** A fund's CSV imports of its existing deal flow (issue 31 point 5, ADR 0068). */
export function createDealImportService(deps: DealImportServiceDeps) {
  const { repo, uow, blobs, jobs, deals, stages, members, collab, log } = deps;

  async function view(row: DealImportRow): Promise<DealImport> {
    return {
      id: row.id,
      status: row.status,
      filename: row.filename,
      columns: row.columns,
      mapping: row.mapping,
      sample: row.sample,
      totalRows: row.totalRows,
      processed: row.processed,
      imported: row.imported,
      merged: row.merged,
      refused: row.refused,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
      finishedAt: iso(row.finishedAt),
      refusedRows: row.refused > 0 ? (await repo.refusedRows(row.id, REFUSED_SHOWN)).map(reportRowOf) : [],
    };
  }

  async function own(fundId: string | null, id: string) {
    const row = fundId ? await repo.get(fundId, id) : undefined;
    if (!row) throw new AppError('not_found', IMPORT_NOT_FOUND);
    return row;
  }

  function checkColumns(row: DealImportRow, mapping: ImportMapping) {
    if (Object.values(mapping).some((index) => index !== undefined && index >= row.columns.length)) throw new AppError('bad_request', UNKNOWN_COLUMN);
  }

  async function contextOf(row: DealImportRow, mapping: ImportMapping): Promise<RowContext> {
    const [fundStages, people] = await Promise.all([stages.list(row.fundId), members(row.fundId)]);
    const dateColumn = mapping.date;
    return { stages: fundStages, members: people, mapping, dayFirst: dateColumn !== undefined && Boolean(row.dayFirst[dateColumn]), now: new Date() };
  }

  /** A read row as an arrival: the deals module creates or merges its deal. */
  const arrivalOf = (imp: DealImportRow, read: ImportRow): DealArrival => {
    const arrivedAt = read.date ?? new Date();
    return {
      fundId: imp.fundId,
      companyName: read.company,
      website: read.website,
      contactEmail: read.contactEmail,
      oneLiner: read.oneLiner,
      sector: read.sector,
      stage: '',
      geography: read.geography,
      deckHash: null,
      // The deck is fetched (and scored) by its own job: the deal does not wait for it as a link.
      deckLink: null,
      scored: false,
      source: { channel: 'import', receivedAt: arrivedAt, note: '' },
      extra: {
        tags: read.tags,
        status: read.stage.triage,
        pipelineStageId: read.placed ? read.stage.id : null,
        ownerUserId: read.owner?.id ?? null,
        createdAt: arrivedAt,
      },
    };
  };

  /** A batch of read rows into the fund's pipeline in `tx` (the deals module creates or merges each), notes as comments. */
  async function importRows(imp: DealImportRow, batch: ImportRow[], tx: Transaction): Promise<ReportRow[]> {
    const taken = batch.filter((read) => !read.refusal);
    const outcomes = await deals.arriveAll(
      imp.fundId,
      taken.map((read) => arrivalOf(imp, read)),
      tx,
    );
    const arrived = new Map(taken.map((read, i) => [read, outcomes[i]!]));
    const done: ReportRow[] = [];
    for (const read of batch) {
      const base = { row: read.row, company: read.company, deckUrl: read.deck };
      const outcome = arrived.get(read);
      if (!outcome) done.push({ ...base, outcome: 'refused', dealId: null, reason: read.refusal! });
      else if (outcome.outcome === 'refused') done.push({ ...base, outcome: 'refused', dealId: null, reason: outcome.reason });
      else {
        if (read.notes && imp.userId) await collab.postIn(imp.fundId, imp.userId, outcome.dealId, read.notes, tx);
        const said = outcome.outcome === 'merged' ? [outcome.reason, ...read.warnings] : read.warnings;
        done.push({ ...base, outcome: outcome.outcome === 'merged' ? 'merged' : 'imported', dealId: outcome.dealId, reason: said.join('; ') });
      }
    }
    return done;
  }

  /** One batch in one transaction: its deals, its report rows, the import's counts, its decks' jobs. */
  async function writeBatch(imp: DealImportRow, batch: ImportRow[]) {
    await uow.run(async (tx) => {
      const r = repo.in(tx);
      const locked = await r.lock(imp.id);
      // Another worker took the import over and wrote these rows: nothing twice.
      if (!locked || locked.processed !== batch[0]!.row - 1) throw new PermanentJobError('The import moved on elsewhere');
      const done = await importRows(imp, batch, tx);
      await r.recordBatch(imp.id, done);
      await queueDecks(imp, done, tx);
    });
  }

  async function queueDecks(imp: DealImportRow, done: ReportRow[], tx: Transaction) {
    for (const d of done) {
      if (d.deckUrl && d.dealId) await jobs.send(deckJob, { importId: imp.id, row: d.row, dealId: d.dealId, url: d.deckUrl }, { tx });
    }
  }

  /**
   * A batch that failed as a whole (a row the deals module threw on) is written a row at a time:
   * the row that throws is refused with the reason, the others go in.
   */
  async function writeRowByRow(imp: DealImportRow, batch: ImportRow[]) {
    for (const read of batch) {
      try {
        await writeBatch(imp, [read]);
      } catch (err) {
        if (err instanceof PermanentJobError) throw err;
        log.warn({ err, importId: imp.id, row: read.row }, 'imported row refused');
        const reason = err instanceof AppError ? err.message : 'Could not be imported';
        await uow.run(async (tx) => {
          const locked = await repo.in(tx).lock(imp.id);
          if (!locked || locked.processed !== read.row - 1) throw new PermanentJobError('The import moved on elsewhere');
          await repo.in(tx).recordBatch(imp.id, [{ row: read.row, company: read.company, outcome: 'refused', dealId: null, reason, deckUrl: read.deck }]);
        });
      }
    }
  }

  async function run(importId: string, ctx: JobContext) {
    const imp = await repo.byId(importId);
    if (!imp || (imp.status !== 'queued' && imp.status !== 'running')) return;
    await repo.markRunning(imp.id);
    const context = await contextOf(imp, imp.mapping);
    const bytes = await blobs.get(imp.blobKey);
    let batch: ImportRow[] = [];
    const flush = async () => {
      if (ctx.signal.aborted) throw new Error('The import was handed back');
      try {
        await writeBatch(imp, batch);
      } catch (err) {
        if (err instanceof PermanentJobError) throw err;
        await writeRowByRow(imp, batch);
      }
      batch = [];
    };
    for await (const { row, cells } of rowsOf(bytes, imp.processed)) {
      batch.push(readRow(row, cells, context));
      if (batch.length >= BATCH_ROWS) await flush();
    }
    if (batch.length > 0) await flush();
    await repo.finish(imp.id, null);
    await blobs.delete(imp.blobKey);
  }

  const runJob = defineJob({
    name: IMPORT_RUN_QUEUE,
    payload: z.object({ importId: z.uuid() }),
    handler: ({ importId }, ctx) => run(importId, ctx),
    onFailed: ({ importId }, failure) => repo.finish(importId, failure.permanent ? failure.message : 'The import stopped: please try again'),
    options: { retryLimit: 3, retryDelaySeconds: 2, expireInSeconds: 30 * 60 },
  });

  async function fetchRowDeck({ importId, row, dealId, url }: { importId: string; row: number; dealId: string; url: string }) {
    const imp = await repo.byId(importId);
    if (!imp) return;
    let result: string;
    try {
      const deck = await fetchDeck(url, { policy: deps.policy, timeoutMs: deps.timeoutMs, maxBytes: deps.maxDeckBytes });
      const fund = await repo.fund(imp.fundId);
      const score = Boolean(fund) && !(await deals.trialSpent(fund!));
      await deals.attachDeck(dealId, deck, { score });
      result = score ? 'Fetched and sent to scoring' : 'Fetched; not scored: the trial is used up';
    } catch (err) {
      if (!(err instanceof DeckNotFetched) && !(err instanceof AppError)) throw err;
      result = `Not fetched: ${err.message}`;
      // The address stays with the deal, where the team works it.
      if (imp.userId) {
        const author = imp.userId;
        await uow.run((tx) => collab.postIn(imp.fundId, author, dealId, `Deck from the import: ${url} (${result.toLowerCase()})`, tx)).catch((e: unknown) => log.warn({ err: e, dealId }, 'deck note not posted'));
      }
    }
    await repo.deckResult(importId, row, result);
  }

  const deckJob = defineJob({
    name: IMPORT_DECK_QUEUE,
    payload: z.object({ importId: z.uuid(), row: z.number().int(), dealId: z.uuid(), url: z.string() }),
    handler: (payload) => fetchRowDeck(payload),
    onFailed: ({ importId, row }) => repo.deckResult(importId, row, 'Not fetched: the address could not be reached'),
    options: { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: Math.ceil(deps.timeoutMs / 1000) * 4 + 120 },
  });

  return {
    jobs: [runJob, deckJob],

    /** Reads the uploaded CSV once (bounded while read), keeps it, and suggests the mapping from its header. */
    async upload(fundId: string | null, userId: string, file: ImportUpload): Promise<DealImport> {
      if (!fundId) throw new AppError('conflict', 'Please complete your fund profile first');
      const chunks: Uint8Array[] = [];
      async function* kept() {
        for await (const chunk of file.stream) {
          chunks.push(chunk);
          yield chunk;
        }
      }
      const overview = await overviewOf(kept()).catch((err: unknown) => {
        // Cut at the size bound mid-row, the file reads as broken: the size is the reason.
        if (file.truncated()) throw new AppError('payload_too_large', `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
        throw err;
      });
      if (file.truncated()) throw new AppError('payload_too_large', `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
      const id = randomUUID();
      const blobKey = `deal-imports/${id}.csv`;
      await blobs.put(blobKey, chunks);
      const row = await repo.insert({
        id,
        fundId,
        userId,
        filename: file.filename.slice(0, 200),
        blobKey,
        columns: overview.columns,
        dayFirst: overview.dayFirst,
        sample: overview.sample,
        mapping: suggestMapping(overview.columns),
        totalRows: overview.totalRows,
      });
      return view(row);
    },

    async current(fundId: string | null) {
      const row = fundId ? await repo.current(fundId) : undefined;
      return { import: row ? await view(row) : null };
    },

    get: async (fundId: string | null, id: string) => view(await own(fundId, id)),

    /** The first rows as they will be imported under the mapping. */
    async preview(fundId: string | null, id: string, mapping: ImportMapping): Promise<{ rows: ImportPreviewRow[] }> {
      const row = await own(fundId, id);
      checkColumns(row, mapping);
      const context = await contextOf(row, mapping);
      return {
        rows: row.sample.slice(0, IMPORT_SAMPLE_ROWS).map((cells, i) => {
          const read = readRow(i + 1, cells, context);
          return {
            row: read.row,
            company: read.company,
            website: read.website,
            stage: read.stage.name,
            owner: read.owner?.name ?? null,
            date: iso(read.date),
            tags: read.tags,
            notes: read.notes,
            deck: read.deck,
            refusal: read.refusal,
            warnings: read.warnings,
          };
        }),
      };
    },

    /** Queues the import under the mapping: one at a time per fund. */
    async start(fundId: string | null, id: string, mapping: ImportMapping): Promise<DealImport> {
      const row = await own(fundId, id);
      checkColumns(row, mapping);
      if (row.status !== 'mapping') throw new AppError('conflict', IMPORT_ALREADY_STARTED);
      try {
        await uow.run(async (tx) => {
          const queued = await repo.in(tx).queue(row.fundId, row.id, mapping);
          if (!queued) throw new AppError('conflict', IMPORT_ALREADY_STARTED);
          await jobs.send(runJob, { importId: row.id }, { tx });
        });
      } catch (err) {
        if (isOneRunningViolation(err)) throw new AppError('conflict', IMPORT_ALREADY_RUNNING);
        throw err;
      }
      return view((await repo.byId(row.id))!);
    },

    /** Every row with what became of it, a page at a time as the socket takes them. */
    async report(fundId: string | null, id: string) {
      const row = await own(fundId, id);
      async function* rows(): AsyncGenerator<readonly CsvValue[]> {
        let after = 0;
        for (;;) {
          const page = await repo.reportPage(row.id, after, REPORT_PAGE);
          for (const r of page) {
            const shown = reportRowOf(r);
            yield [shown.row, shown.company, shown.outcome, shown.reason, r.deckUrl ?? '', shown.deck ?? '', shown.dealId ?? ''];
          }
          if (page.length < REPORT_PAGE) return;
          after = page[page.length - 1]!.row;
        }
      }
      const name = row.filename.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '-').slice(0, 60) || 'import';
      return { filename: `${name}-report.csv`, header: ['\uFEFFRow', 'Company', 'Outcome', 'Reason', 'Deck URL', 'Deck', 'Deal ID'], rows: rows() };
    },
  };
}
export type DealImportService = ReturnType<typeof createDealImportService>;
