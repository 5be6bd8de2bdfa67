import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { tsvToText, type OcrText } from './ocr-text.ts';

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

  /** OCR of one PGM/PNG/JPEG/BMP image. */
  async recognize(image: Uint8Array): Promise<OcrText> {
    const data = (await this.call('recognize', { image, options: {}, output: { text: false, tsv: true } })) as {
      tsv?: string | null;
    };
    return tsvToText(data.tsv ?? '');
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
