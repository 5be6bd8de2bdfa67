import { detectDeckFormat, type DeckFormat } from '../detect/detect-format.ts';
import { DeckError } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import type { DeckText, OcrImage, PageText } from '../model.ts';
import type { OcrText } from '../ocr/ocr-text.ts';
import { countWords, normalizeText, stripGarbage } from '../text/text-quality.ts';

/**
 * The parser-free steps of reading a deck (checks before parsing, merging OCR text,
 * final checks). Kept apart from the readers so the host thread can run them without
 * loading PDFium, JSZip or cfb: those load only in the reader threads.
 */

/**
 * Checks that cost nothing and need no parser: size, emptiness, content type. Run on
 * the caller's thread before a worker is involved, so obvious rejects are instant.
 */
export function precheckDeck(bytes: Uint8Array, maxBytes: number = LIMITS.maxBytes): DeckFormat {
  if (bytes.length > maxBytes) throw new DeckError('too_large');
  if (bytes.length === 0 || (bytes.length < 64 && /^\s*$/.test(Buffer.from(bytes).toString('latin1')))) {
    throw new DeckError('empty', 'This file is empty. Check that you uploaded the right file.');
  }
  const format = detectDeckFormat(bytes);
  if (format) return format;
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  if (head.startsWith('version https://git-lfs.github.com/spec/')) {
    throw new DeckError(
      'unsupported_format',
      'This file is a Git LFS pointer, not the deck itself. Download the actual PDF or PowerPoint file and upload that.',
    );
  }
  throw new DeckError('unsupported_format', 'Please upload a PDF or PowerPoint file.');
}

export interface OcrResult {
  page: number;
  mode: OcrImage['mode'];
  ocr: OcrText;
}

const lineKey = (l: string) => l.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Puts OCR text into pages: replaces text that was garbage, adds lines the text layer
 * lacked to pages that were sparse (keeping what the text layer had, e.g. CJK).
 */
export function applyOcr(deck: DeckText, results: readonly OcrResult[]): DeckText {
  const byPage = new Map(results.map((r) => [r.page, r]));
  const pages = deck.pages.map((page): PageText => {
    const r = byPage.get(page.number);
    const ocrText = r ? normalizeText(r.ocr.text) : '';
    if (!r || ocrText === '') {
      return r?.mode === 'replace' ? { ...page, text: stripGarbage(page.text), source: 'text' } : page;
    }
    const title = r.ocr.title ? normalizeText(r.ocr.title) : null;
    if (r.mode === 'replace' || page.text === '') {
      // A PDF page read from its picture alone: its text sizes and contrast are the picture's (a
      // PowerPoint slide's picture is not the whole slide, so its sizes would be the picture's own
      // scale, and its background not the slide's).
      const whole = deck.format === 'pdf';
      const sizes = whole && page.smallestTextPt == null && r.ocr.smallestTextPt != null ? { smallestTextPt: r.ocr.smallestTextPt, smallTextSample: r.ocr.smallTextSample ?? null } : {};
      const contrast =
        whole && page.lowestContrast == null && r.ocr.lowestContrast != null ? { lowestContrast: r.ocr.lowestContrast, contrastSample: r.ocr.contrastSample ?? null } : {};
      return { ...page, ...sizes, ...contrast, text: ocrText.slice(0, LIMITS.maxPageChars), title: page.title ?? title, source: 'ocr' };
    }
    const known = new Set(page.text.split('\n').map(lineKey));
    const added = ocrText.split('\n').filter((l) => {
      const k = lineKey(l);
      return k !== '' && !known.has(k) && !page.text.toLowerCase().includes(l.toLowerCase());
    });
    if (added.length === 0) return page;
    return {
      ...page,
      text: `${page.text}\n${added.join('\n')}`.slice(0, LIMITS.maxPageChars),
      title: page.title ?? title,
      source: 'text+ocr',
    };
  });
  return { ...deck, pages };
}

/** Caps total text, strips leftover garbage and refuses decks with nothing to read. */
export function finalizeDeck(deck: DeckText): DeckText {
  let budget: number = LIMITS.maxDeckChars;
  const pages = deck.pages.map((p) => {
    const text = p.text.slice(0, Math.max(0, budget));
    budget -= text.length;
    return { ...p, text };
  });
  const words = pages.reduce((n, p) => n + countWords(p.text) + countWords(p.notes), 0);
  if (pages.length === 0 || words === 0) throw new DeckError('empty');
  return { ...deck, pages };
}

