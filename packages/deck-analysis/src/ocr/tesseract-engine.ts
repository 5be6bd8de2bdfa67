import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pictureContrast } from './ocr-contrast.ts';
import { tsvReading, tsvToText, withWordsOnlyIn, type OcrText } from './ocr-text.ts';
import { parsePgm, rotatePgm } from './pgm.ts';

/**
 * Tesseract (WASM) hosted in the calling thread.
 *
 * tesseract.js's createWorker() spawns its own worker thread, which we could not give
 * resourceLimits nor terminate on our deadline. So our OCR worker thread (spawned by
 * the analyzer with limits) runs tesseract.js's own worker script in-thread: the same
 * code path its Node worker runs, driven with the same job messages createWorker sends.
 * Everything is resolved from node_modules: the WASM core from tesseract.js-core, the
 * LSTM English model from @tesseract.js-data/eng (best_int: the model tesseract.js
 * itself picks for LSTM-only OCR), no cache writes, and a fetch that refuses to run.
 */

const require = createRequire(import.meta.url);

interface WorkerScript {
  dispatchHandlers(packet: unknown, send: (msg: { status: string; data: unknown }) => void): void;
  setAdapter(adapter: Record<string, unknown>): void;
}

const LANG_PATH = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
/** tesseract.js OEM.LSTM_ONLY */
const OEM_LSTM_ONLY = 1;

let script: WorkerScript | null = null;

function workerScript(): WorkerScript {
  if (script) return script;
  const s = require('tesseract.js/src/worker-script/index.js') as WorkerScript;
  s.setAdapter({
    getCore: require('tesseract.js/src/worker-script/node/getCore.js'),
    gunzip: require('tesseract.js/src/worker-script/node/gunzip.js'),
    ...(require('tesseract.js/src/worker-script/node/cache.js') as object),
    fetch: () => Promise.reject(new Error('OCR must not use the network')),
  });
  script = s;
  return s;
}

/**
 * Tesseract's page segmentation 'sparse text' (PSM 11): every piece of text found wherever it
 * stands, not blocks of running lines. Slides are cards, circles, metric grids and chart labels;
 * the automatic mode joins pieces of neighbouring cards into one line and skips figures set apart
 * from the lines. Reading order is rebuilt from the words' boxes (ocr-text.ts).
 */
const SPARSE_TEXT = '11';
/**
 * The automatic mode (PSM 3) reads a line of large or stylised letters whole where sparse text
 * drops or misreads letters of it ('atch Box', 'Meet' for 'Meet Matt', 'att Pouldar'): a page
 * that sparse text reads unsurely is read again this way, and the reading with more letters in
 * confident words is kept (sparse text on a tie), with the words only the other read surely
 * (ocr-text.ts withWordsOnlyIn: text inside a pill's outline, which sparse text skips).
 */
const AUTOMATIC = '3';
/** Mean confidence of the words sparse text read, from which a page is not read again. */
const SURE_READING = 90;
/**
 * Letters read upright in confident words (ocr-text.ts tsvReading), below which a portrait page is
 * also read sideways: what OCR of a page turned the wrong way hardly finds (the automatic mode may
 * read it down the page, which counts none).
 */
const SIDEWAYS_TRY_BELOW = 60;

export class TesseractEngine {
  private jobs = 0;
  private constructor(private readonly s: WorkerScript) {}

  static async create(): Promise<TesseractEngine> {
    const engine = new TesseractEngine(workerScript());
    await engine.call('load', { options: { lstmOnly: true, corePath: undefined, logging: false } });
    await engine.call('loadLanguage', {
      langs: ['eng'],
      options: { langPath: LANG_PATH, cacheMethod: 'none', gzip: true, lstmOnly: true },
    });
    await engine.call('initialize', { langs: ['eng'], oem: OEM_LSTM_ONLY, config: {} });
    return engine;
  }

  /**
   * OCR of one PGM/PNG/JPEG/BMP image. A portrait page that reads as next to nothing upright
   * may be a landscape slide printed sideways (as PDF viewers draw such slides): it is read
   * again turned a quarter each way, and the turn that reads most words is kept.
   * Given the page's `luminance` (a whole PDF page), the contrast of the words read upright is
   * measured on it (ocr-contrast.ts).
   */
  async recognize(image: Uint8Array, luminance?: Uint8Array): Promise<OcrText> {
    const upright = await this.read(image);
    const pgm = parsePgm(image);
    const measured = (): OcrText => (luminance ? { ...upright.text, ...pictureContrast(upright.tsv, luminance) } : upright.text);
    if (!pgm || pgm.height <= pgm.width * 1.05 || upright.letters >= SIDEWAYS_TRY_BELOW) return measured();
    let best = upright;
    for (const direction of ['ccw', 'cw'] as const) {
      const turned = rotatePgm(image, direction);
      if (!turned) break;
      const read = await this.read(turned);
      if (read.letters > 2 * best.letters) best = read;
      if (best.letters >= SIDEWAYS_TRY_BELOW) break;
    }
    // A page read turned has its words' boxes on the turned picture: its contrast is not measured.
    return best === upright ? measured() : best.text;
  }

  /** One reading of the image as it stands, its TSV, and the letters it read upright in confident words. */
  private async read(image: Uint8Array): Promise<{ text: OcrText; tsv: string; letters: number }> {
    const sparse = await this.tsv(image, SPARSE_TEXT);
    const sparseReading = tsvReading(sparse);
    if (sparseReading.meanConfidence >= SURE_READING) return { text: tsvToText(sparse), tsv: sparse, letters: sparseReading.uprightLetters };
    const automatic = await this.tsv(image, AUTOMATIC);
    const automaticReading = tsvReading(automatic);
    // The reading with more letters in confident words, with what the other read where it read nothing.
    const tsv = automaticReading.confidentLetters > sparseReading.confidentLetters ? withWordsOnlyIn(automatic, sparse) : withWordsOnlyIn(sparse, automatic);
    return { text: tsvToText(tsv), tsv, letters: tsvReading(tsv).uprightLetters };
  }

  private async tsv(image: Uint8Array, mode: string): Promise<string> {
    const options = { tessedit_pageseg_mode: mode };
    const data = (await this.call('recognize', { image, options, output: { text: false, tsv: true } })) as {
      tsv?: string | null;
    };
    return data.tsv ?? '';
  }

  private call(action: string, payload: unknown): Promise<unknown> {
    const jobId = `job-${++this.jobs}`;
    return new Promise((resolve, reject) => {
      this.s.dispatchHandlers({ workerId: 'deck-ocr', jobId, action, payload }, (msg) => {
        if (msg.status === 'resolve') resolve(msg.data);
        else if (msg.status === 'reject') reject(new Error(String(msg.data)));
      });
    });
  }
}
