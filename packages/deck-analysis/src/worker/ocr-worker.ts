import { TesseractEngine } from '../ocr/tesseract-engine.ts';
import { workerPort } from './port.ts';
import type { OcrMessage, OcrRequest } from './protocol.ts';

/** Worker process: one warm tesseract engine, one page image at a time. */
const port = workerPort();

let engine: Promise<TesseractEngine> | null = null;

port.on('message', (msg: OcrRequest) => {
  void recognize(msg.image, msg.luminance);
});

async function recognize(image: Uint8Array, luminance: Uint8Array | undefined): Promise<void> {
  const started = performance.now();
  try {
    engine ??= TesseractEngine.create();
    const result = await (await engine).recognize(image, luminance);
    const reply: OcrMessage = {
      type: 'ocr-done',
      text: result.text,
      title: result.title,
      smallestTextPt: result.smallestTextPt ?? null,
      smallTextSample: result.smallTextSample ?? null,
      lowestContrast: result.lowestContrast ?? null,
      contrastSample: result.contrastSample ?? null,
      ms: Math.round(performance.now() - started),
    };
    void port.postMessage(reply);
  } catch {
    // An image tesseract cannot read is not a broken deck: the page keeps its text layer.
    const reply: OcrMessage = { type: 'ocr-done', text: '', title: null, smallestTextPt: null, smallTextSample: null, lowestContrast: null, contrastSample: null, ms: Math.round(performance.now() - started) };
    void port.postMessage(reply);
    // If the engine itself failed to start, the next page tries a fresh one.
    const ok = await engine?.then(
      () => true,
      () => false,
    );
    if (!ok) engine = null;
  }
}
