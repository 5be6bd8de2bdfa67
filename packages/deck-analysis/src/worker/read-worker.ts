import { DeckError } from '../errors.ts';
import type { OcrImage } from '../model.ts';
import { extractDeck } from '../read/read-deck.ts';
import { capWasmMemory } from '../read/wasm-cap.ts';
import { workerPort } from './port.ts';
import { MAX_PAGES_IN_FLIGHT, type ReadMessage, type ReadRequest } from './protocol.ts';

/** Worker process: reads one deck at a time and streams page images that need OCR. */
const port = workerPort();

let inFlight = 0;
let wake: (() => void) | null = null;

const send = (msg: ReadMessage, transfer: ArrayBuffer[] = []) => port.postMessage(msg, transfer);

port.on('message', (msg: ReadRequest | { type: 'ocr-ack' }) => {
  if (msg.type === 'ocr-ack') {
    inFlight = Math.max(0, inFlight - 1);
    wake?.();
    wake = null;
    return;
  }
  void read(msg);
});

async function read(req: ReadRequest): Promise<void> {
  capWasmMemory(req.wasmMemoryMb);
  inFlight = 0;
  let waited = 0;
  const started = performance.now();
  try {
    const deck = await extractDeck(req.bytes, {
      maxPages: req.maxPages,
      maxBytes: req.maxBytes,
      onPage: (done, total) => void send({ type: 'progress', done, total }),
      // While pictures sent for OCR are still being read, measuring contrast costs the deck no time.
      ...(req.ocr ? { onOcrImage, contrastWhile: () => inFlight > 0 } : {}),
    });
    void send({ type: 'done', deck, parseMs: Math.round(performance.now() - started - waited) });
  } catch (e) {
    const err = e instanceof DeckError ? e : new DeckError('corrupt', undefined, { cause: e });
    void send({ type: 'error', code: err.code, message: err.message });
  }

  async function onOcrImage(img: OcrImage) {
    const image = img.image.slice();
    const luminance = img.luminance?.slice();
    inFlight += 1;
    // Wait until the picture is on its way: the OCR thread starts on it now, not when this
    // thread next yields (after drawing the rest, or measuring contrast).
    await send({ type: 'ocr-image', page: img.page, mode: img.mode, image, ...(luminance ? { luminance } : {}) }, [image.buffer as ArrayBuffer, ...(luminance ? [luminance.buffer as ArrayBuffer] : [])]);
    if (inFlight >= MAX_PAGES_IN_FLIGHT) {
      const t = performance.now();
      await new Promise<void>((resolve) => (wake = resolve));
      waited += performance.now() - t;
    }
  }
}
