import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * pdf.js's legacy build is the one meant for Node. Everything it may load (standard
 * fonts for rendering, CMaps for CJK text, wasm decoders for JPEG 2000 / JBIG2) is
 * resolved from node_modules: nothing is fetched at run time.
 */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loaded: Promise<PdfJs> | null = null;

export function loadPdfJs(): Promise<PdfJs> {
  loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return loaded;
}

const require = createRequire(import.meta.url);
const root = dirname(require.resolve('pdfjs-dist/package.json'));

export const PDFJS_RESOURCES = {
  standardFontDataUrl: join(root, 'standard_fonts') + '/',
  cMapUrl: join(root, 'cmaps') + '/',
  wasmUrl: join(root, 'wasm') + '/',
  iccUrl: join(root, 'iccs') + '/',
} as const;
