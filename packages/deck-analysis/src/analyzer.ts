import { availableParallelism } from 'node:os';
import type { FitScoreAnalysis, FounderProfile } from '@fitscore/contracts';
import { buildAnalysis } from './build-analysis.ts';
import { DeckError, isDeckError } from './errors.ts';
import { LIMITS } from './limits.ts';
import { assessReadability } from './readability.ts';
import { enrichWithLlm, type LlmConfig } from './llm/llm-enrich.ts';
import type { DeckText } from './model.ts';
import type { OcrText } from './ocr/ocr-text.ts';
import { applyOcr, finalizeDeck, precheckDeck, type OcrResult } from './read/deck-text.ts';
import type { OcrMessage, ReadMessage } from './worker/protocol.ts';
import { ThreadPool, type Slot } from './worker/thread-pool.ts';

export type AnalysisStage = 'reading' | 'ocr' | 'understanding' | 'scoring';

export interface AnalyzeProgress {
  stage: AnalysisStage;
  done: number;
  total: number;
}

export interface DeckAnalyzerOptions {
  /** Threads per pool (deck readers, OCR). Default: min(2, cores). */
  maxWorkers?: number;
  /** Wall-clock budget for reading + OCR of one deck. Default 90 s. */
  timeoutMs?: number;
  /** Decks with more pages fail with 'too_many_pages'. Default 200. */
  maxPages?: number;
  /** V8 heap limit of each worker process, in MB (WebAssembly memory is capped apart: wasmMemoryMb). Default 256. */
  memoryMb?: number;
  /**
   * Most any WebAssembly memory (PDFium's, tesseract's) of a worker may grow to, in MB.
   * Default 384. With the heap limit it bounds what one worker can take, whatever the file holds.
   */
  wasmMemoryMb?: number;
  /** Optional OpenAI-compatible model for extra (verified) facts. */
  llm?: LlmConfig;
}

/** What a quick look at a deck found (before any OCR). */
export interface DeckInspection {
  format: DeckText['format'];
  pages: number;
  /** Pages with a text layer; the others will be read by OCR when the deck is scored. */
  textPages: number;
  /**
   * The text layer as read in the reader process (image-only pages empty, nothing OCR'd): what a
   * caller reads the company's facts from without parsing the file itself, bounded like every read.
   */
  deck: DeckText;
}

// An inspection reads no images: seconds at most even for long decks.
const INSPECT_TIMEOUT_MS = 20_000;

export interface AnalyzeOptions {
  onProgress?: (p: AnalyzeProgress) => void;
  signal?: AbortSignal;
  /**
   * Hears the deck's pages once read (text layer and OCR), before the analysis is built: what a
   * caller reads beside the score (a deal's facts from an image-only deck) without reading it twice.
   */
  onRead?: (deck: DeckText) => void;
}

const READ_WORKER = new URL(`./worker/read-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
const OCR_WORKER = new URL(`./worker/ocr-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/**
 * Analyses decks off the calling thread. Parsing runs in reader processes and OCR in
 * warm tesseract processes, each with a V8 heap limit and a WebAssembly memory cap
 * (worker/spawn.ts); a deck that overruns its time budget has its workers terminated
 * and fails with DeckError('timeout'). Create one
 * per process and close() it on shutdown.
 */
export class DeckAnalyzer {
  private readonly readers: ThreadPool;
  private readonly ocrPool: ThreadPool;
  private readonly timeoutMs: number;
  private readonly maxPages: number;
  private readonly wasmMemoryMb: number;
  private readonly llm: LlmConfig | undefined;

  constructor(options: DeckAnalyzerOptions = {}) {
    const size = Math.max(1, options.maxWorkers ?? Math.min(2, availableParallelism()));
    const memoryMb = options.memoryMb ?? LIMITS.memoryMb;
    this.wasmMemoryMb = options.wasmMemoryMb ?? LIMITS.wasmMemoryMb;
    // Each worker process gets both caps, V8 heap and WebAssembly memory (see worker/spawn.ts).
    const resourceLimits = {
      maxOldGenerationSizeMb: memoryMb,
      wasmMemoryMb: this.wasmMemoryMb,
    };
    this.readers = new ThreadPool({
      entry: READ_WORKER,
      size,
      resourceLimits,
      recycleAfter: 100,
      idleMs: 60_000,
      preload: [
        '@embedpdf/pdfium',
        'jszip',
        'fast-xml-parser',
        'cfb',
      ],
    });
    // OCR threads: one fewer than the cores (at least one), so that a reader can render the
    // next page while tesseract reads this one without oversubscribing the machine; each
    // tesseract holds ~70 MB of WASM memory. WASM memory only grows: a fresh OCR thread
    // after 100 pages returns it to the OS.
    const ocrSize = Math.max(1, Math.min(size, availableParallelism() - 1));
    this.ocrPool = new ThreadPool({
      entry: OCR_WORKER,
      size: ocrSize,
      resourceLimits,
      recycleAfter: 100,
      idleMs: 60_000,
    });
    this.timeoutMs = options.timeoutMs ?? LIMITS.timeoutMs;
    this.maxPages = options.maxPages ?? LIMITS.maxPages;
    this.llm = options.llm;
  }

  async analyze(
    bytes: Uint8Array,
    profile: FounderProfile | null,
    options: AnalyzeOptions = {},
  ): Promise<FitScoreAnalysis> {
    precheckDeck(bytes);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DeckError('timeout')), this.timeoutMs);
    const onAbort = () => controller.abort(new DeckError('aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    try {
      const read = await this.read(bytes, controller.signal, options.onProgress);
      clearTimeout(timer);
      options.onRead?.(read.deck);
      return await this.build(read, profile, options);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Reads a deck (text layer and OCR) without scoring it: what `npm run analyze` and
   * `npm run eval:decks` feed to the understanding step.
   */
  async readText(bytes: Uint8Array, options: AnalyzeOptions = {}): Promise<{ deck: DeckText; parseMs: number; ocrMs: number }> {
    precheckDeck(bytes);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DeckError('timeout')), this.timeoutMs);
    const onAbort = () => controller.abort(new DeckError('aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    try {
      return await this.read(bytes, controller.signal, options.onProgress);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  private async build(
    read: { deck: DeckText; parseMs: number; ocrMs: number },
    profile: FounderProfile | null,
    options: AnalyzeOptions,
  ): Promise<FitScoreAnalysis> {
    options.onProgress?.({ stage: 'understanding', done: 0, total: 1 });
    const extras = this.llm ? await enrichWithLlm(read.deck, this.llm, options.signal) : null;
    options.onProgress?.({ stage: 'scoring', done: 0, total: 1 });
    const analysis = buildAnalysis(read.deck, profile, {
      llm: extras && this.llm ? { model: this.llm.model, extras } : null,
      parseMs: read.parseMs,
      ocrMs: read.ocrMs,
    });
    options.onProgress?.({ stage: 'scoring', done: 1, total: 1 });
    // Advice beside the score, from the same pages; computed after the score and never read by it.
    return { ...analysis, readability: assessReadability(read.deck.pages) };
  }

  /**
   * A quick check at upload time: opens the deck and reads its text layer in a reader thread
   * (nothing rendered, no OCR), so a password-protected, damaged, oversized or empty file is
   * refused with its DeckError before it is stored. Image-only pages are reported, not read.
   */
  async inspect(bytes: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<DeckInspection> {
    precheckDeck(bytes);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DeckError('timeout')),
      Math.min(this.timeoutMs, INSPECT_TIMEOUT_MS),
    );
    const onAbort = () => controller.abort(new DeckError('aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const slot = await this.readers.acquire(controller.signal);
    const copy = bytes.slice();
    try {
      const deck = await slot.run<DeckText>(
        { type: 'read', bytes: copy, maxPages: this.maxPages, maxBytes: LIMITS.maxBytes, ocr: false, wasmMemoryMb: this.wasmMemoryMb },
        [copy.buffer],
        (raw, done, fail, s) => {
          const msg = raw as unknown as ReadMessage;
          if (msg.type === 'done') done(msg.deck);
          else if (msg.type === 'error') fail(readError(msg, s));
        },
        controller.signal,
      );
      this.readers.release(slot);
      const textPages = deck.pages.filter((p) => p.text.trim() !== '').length;
      return { format: deck.format, pages: deck.pages.length, textPages, deck };
    } catch (e) {
      this.readers.release(slot);
      throw toDeckError(e);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Ends all worker threads; pending analyses fail with 'aborted'. */
  async close(): Promise<void> {
    await Promise.all([this.readers.close(), this.ocrPool.close()]);
  }

  private async read(
    bytes: Uint8Array,
    signal: AbortSignal,
    onProgress?: (p: AnalyzeProgress) => void,
  ): Promise<{ deck: DeckText; parseMs: number; ocrMs: number }> {
    const slot = await this.readers.acquire(signal);
    // OCR jobs of this deck stop with the deck: on its deadline, or as soon as reading fails.
    const ocrScope = new AbortController();
    const stopOcr = () => ocrScope.abort(signal.reason);
    signal.addEventListener('abort', stopOcr, { once: true });
    const jobs: Array<Promise<OcrResult>> = [];
    let ocrTotal = 0;
    let ocrDone = 0;
    let ocrMs = 0;
    let active = true;
    const copy = bytes.slice();
    let result: { deck: DeckText; parseMs: number };
    try {
      result = await slot.run<{ deck: DeckText; parseMs: number }>(
        { type: 'read', bytes: copy, maxPages: this.maxPages, maxBytes: LIMITS.maxBytes, ocr: true, wasmMemoryMb: this.wasmMemoryMb },
        [copy.buffer],
        (raw, done, fail, s) => {
          const msg = raw as unknown as ReadMessage;
          if (msg.type === 'progress') onProgress?.({ stage: 'reading', done: msg.done, total: msg.total });
          else if (msg.type === 'ocr-image') {
            ocrTotal += 1;
            onProgress?.({ stage: 'ocr', done: ocrDone, total: ocrTotal });
            const job = this.ocr(msg.image, msg.luminance, ocrScope.signal).then((r) => {
              ocrDone += 1;
              ocrMs += r.ms;
              onProgress?.({ stage: 'ocr', done: ocrDone, total: ocrTotal });
              return { page: msg.page, mode: msg.mode, ocr: r.ocr };
            });
            // Each finished page lets the reader render one more ahead.
            void job.finally(() => active && s.post({ type: 'ocr-ack' })).catch(() => {});
            jobs.push(job);
          } else if (msg.type === 'done') done({ deck: msg.deck, parseMs: msg.parseMs });
          else if (msg.type === 'error') fail(readError(msg, s));
        },
        signal,
      );
    } catch (e) {
      active = false;
      this.readers.release(slot);
      if (jobs.length > 0) ocrScope.abort(new DeckError('aborted'));
      await Promise.allSettled(jobs);
      signal.removeEventListener('abort', stopOcr);
      throw toDeckError(e);
    }
    active = false;
    this.readers.release(slot);
    try {
      const ocr = await Promise.all(jobs);
      return { deck: finalizeDeck(applyOcr(result.deck, ocr)), parseMs: result.parseMs, ocrMs };
    } catch (e) {
      throw toDeckError(e);
    } finally {
      signal.removeEventListener('abort', stopOcr);
    }
  }

  private async ocr(image: Uint8Array, luminance: Uint8Array | undefined, signal: AbortSignal): Promise<{ ocr: OcrText; ms: number }> {
    const slot: Slot = await this.ocrPool.acquire(signal);
    try {
      const msg = await slot.run<OcrMessage>(
        { type: 'ocr', image, ...(luminance ? { luminance } : {}) },
        [image.buffer as ArrayBuffer, ...(luminance ? [luminance.buffer as ArrayBuffer] : [])],
        (raw, done) => done(raw as unknown as OcrMessage),
        signal,
      );
      this.ocrPool.release(slot);
      if (msg.type === 'error') return { ocr: { text: '', title: null }, ms: 0 };
      const { text, title, smallestTextPt, smallTextSample, lowestContrast, contrastSample } = msg;
      return { ocr: { text, title, smallestTextPt, smallTextSample, lowestContrast, contrastSample }, ms: msg.ms };
    } catch (e) {
      this.ocrPool.release(slot);
      if (signal.aborted) throw e;
      // An OCR thread that died on one picture costs that page its OCR, not the deck.
      return { ocr: { text: '', title: null }, ms: 0 };
    }
  }
}

/**
 * A reader's error as a DeckError. After a bomb ('too_complex': PDFium at its memory cap, a
 * huge picture) the thread is retired, so that every byte it took goes back at once and
 * the next deck gets a fresh PDFium.
 */
function readError(msg: { code: DeckError['code']; message: string }, slot: Slot): DeckError {
  if (msg.code === 'too_complex') slot.dead = true;
  return new DeckError(msg.code, msg.message);
}

function toDeckError(e: unknown): DeckError {
  return isDeckError(e) ? e : new DeckError('corrupt', undefined, { cause: e });
}
