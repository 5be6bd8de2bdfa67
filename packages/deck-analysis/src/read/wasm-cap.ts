import { setFlagsFromString } from 'node:v8';

/** V8's own ceiling of a WebAssembly memory (wasm32): 4 GiB. */
const WASM32_MAX_BYTES = 2 ** 32;
let capBytes = WASM32_MAX_BYTES;

/**
 * Caps every WebAssembly memory of this process: a memory that would grow past `mb` fails to
 * grow, and PDFium or tesseract aborts instead of taking gigabytes. A V8 flag (64 KiB pages),
 * so it holds process-wide: only deck worker processes set it (spawn.ts passes it on their
 * command line; the reader sets it again to know the cap), never the host, whose own
 * WebAssembly (the embedded PGlite database) needs more.
 */
export function capWasmMemory(mb: number): void {
  const pages = Math.max(1, Math.floor(mb * 16));
  setFlagsFromString(`--wasm-max-mem-pages=${pages}`);
  capBytes = Math.min(WASM32_MAX_BYTES, pages * 65_536);
}

/**
 * Whether a module whose memory is `heapBytes` after a trap ran out of its cap (the trap was
 * a failed allocation, not a bug): within a tenth of the cap, as the failing request is larger.
 */
export function atWasmCap(heapBytes: number): boolean {
  return capBytes < WASM32_MAX_BYTES && heapBytes >= 0.8 * capBytes;
}
