/** Hard limits of the reading pipeline: what a pitch deck can reasonably be. */
export const LIMITS = {
  /** Spec section 9: decks up to 10 MB. */
  maxBytes: 10 * 1024 * 1024,
  /** A pitch deck beyond this is not a pitch deck; also stops fuzzed page trees. */
  maxPages: 200,
  /** Zip guard: OOXML decks hold a few hundred parts; thousands means something odd. */
  maxZipEntries: 5_000,
  /** Zip guard: sum of the declared uncompressed sizes of all entries. */
  maxZipTotalBytes: 300 * 1024 * 1024,
  /** Zip guard: bytes we are willing to inflate for one XML part we read. */
  maxZipEntryBytes: 40 * 1024 * 1024,
  /** Zip guard: a part compressing better than this is a bomb, not XML. */
  maxCompressionRatio: 200,
  /** Text kept per page and per deck, so the understanding step stays linear and small. */
  maxPageChars: 20_000,
  maxDeckChars: 600_000,
  /** Default wall-clock budget for reading + OCR of one deck. */
  timeoutMs: 90_000,
  /** V8 heap of one worker process. */
  memoryMb: 256,
  /**
   * Most a WebAssembly memory (PDFium's, tesseract's) of a worker process may grow to, in MB.
   * It is outside the V8 heap limit; without this cap a 1 MB PDF whose content stream inflates
   * to 1 GB makes PDFium take gigabytes. A page with a 40-megapixel image renders within it.
   */
  wasmMemoryMb: 384,
  /** Pixels of the largest picture decoded (PDF images before drawing, PPTX/PPT pictures before OCR). */
  maxImagePixels: 40_000_000,
} as const;
