import type { DeckErrorCode } from '../errors.ts';
import type { DeckText, OcrImage } from '../model.ts';

/** Messages between the analyzer and its worker threads (structured-clone safe). */

export interface ReadRequest {
  type: 'read';
  bytes: Uint8Array;
  maxPages: number;
  maxBytes: number;
  /** False for a quick inspection: the text layer only, no page rendered for OCR. */
  ocr: boolean;
  /** The process's cap on WebAssembly memories (capWasmMemory), so the reader can tell a bomb from damage. */
  wasmMemoryMb: number;
}

export type ReadMessage =
  | { type: 'progress'; done: number; total: number }
  | ({ type: 'ocr-image' } & OcrImage)
  | { type: 'done'; deck: DeckText; parseMs: number }
  | { type: 'error'; code: DeckErrorCode; message: string };

/** Sent back for each ocr-image: the reader renders ahead by a bounded number of pages. */
export interface OcrAck {
  type: 'ocr-ack';
}

export interface OcrRequest {
  type: 'ocr';
  image: Uint8Array;
  /** The page's luminance (OcrImage.luminance), for its text's contrast. */
  luminance?: Uint8Array;
}

export type OcrMessage =
  | { type: 'ocr-done'; text: string; title: string | null; smallestTextPt: number | null; smallTextSample: string | null; lowestContrast: number | null; contrastSample: string | null; ms: number }
  | { type: 'error'; code: DeckErrorCode; message: string };

/** How many rendered pages may wait for OCR before the reader pauses. */
export const MAX_PAGES_IN_FLIGHT = 4;
