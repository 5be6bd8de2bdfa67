import { rememberByText } from './remember.ts';

/**
 * Text clean-up and the 'does this page need OCR?' heuristic.
 *
 * A page is read by OCR when its text layer is
 *  - sparse: fewer than SPARSE_WORDS word-like tokens (image-only pages, slides whose
 *    content is a picture of text, scans), or
 *  - garbage: at least GARBAGE_MIN_CHARS characters sit in tokens that no language
 *    writes, and they are more than GARBAGE_SHARE of the page's letters. This is what a
 *    font without a usable ToUnicode map produces: the glyph codes come out as a
 *    substitution cipher ('Gi`Z\`jX`dgfikXekZfe...'), full of backticks, backslashes
 *    and brackets, vowel-less runs and case flips inside a word.
 * Tokens in scripts other than Latin are counted as real text (we cannot judge them
 * with Latin rules, and CJK or Arabic decks must not be thrown away).
 */

export const SPARSE_WORDS = 12;
export const GARBAGE_MIN_CHARS = 20;
export const GARBAGE_SHARE = 0.3;

// Bidi embedding/override/isolate marks, zero-width characters, soft hyphen, BOM.
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const SPACES = /[\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g;

/**
 * NFKC (folds Arabic presentation forms, full-width digits and ligatures such as 'ﬁ'
 * back to plain letters), strips invisible marks, unifies quotes, trims each line and
 * drops empty lines.
 */
export function normalizeText(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
    .replace(/\r\n?/g, '\n')
    .replace(SPACES, ' ')
    .split('\n')
    .map((l) => l.replace(/ {2,}/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');
}

export interface TextQuality {
  /** Tokens with a letter or digit. */
  words: number;
  /** Tokens that look like words of some language, or numbers. */
  wordlike: number;
  /** Characters of letters in non-Latin scripts (CJK, Arabic, Cyrillic...). */
  otherScriptChars: number;
  garbageChars: number;
  /** Share of letter characters that sit in garbage tokens (0 when there are none). */
  garbageShare: number;
}

const EDGE_PUNCT = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
const HAS_ALNUM = /[\p{L}\p{N}]/u;
const NUMERIC = /^[\p{N}.,%$€£¥₹kKmMbBxX+\-/:]+$/u;
const NON_LATIN_LETTER = /[^\P{L}\p{Script=Latin}]/u;
const CIPHER_SYMBOLS = /[`\\^_{}<>|~#[\]@]/;
const VOWEL = /[aeiouyAEIOUY]/;

type TokenKind = 'word' | 'number' | 'other-script' | 'garbage';

function readToken(raw: string): { kind: TokenKind; chars: number } | null {
  if (!HAS_ALNUM.test(raw)) return null;
  // Emails and URLs are real text even though they hold '@' and '/'.
  if (/^[\w.+-]+@[\w-]+\.[\w.-]+$/.test(raw) || /^(https?:\/\/|www\.)/i.test(raw)) {
    return { kind: 'word', chars: raw.length };
  }
  const t = raw.replace(EDGE_PUNCT, '');
  if (t === '') return null;
  if (NUMERIC.test(t) && /\p{N}/u.test(t)) return { kind: 'number', chars: t.length };
  if (NON_LATIN_LETTER.test(t)) return { kind: 'other-script', chars: t.length };
  if (CIPHER_SYMBOLS.test(t)) return { kind: 'garbage', chars: t.length };
  const letters = t.replace(/[^A-Za-z]/g, '');
  if (letters.length >= 4 && !VOWEL.test(letters) && letters !== letters.toUpperCase()) {
    return { kind: 'garbage', chars: t.length };
  }
  if (letters.length > 6 && !VOWEL.test(letters)) return { kind: 'garbage', chars: t.length };
  // A case flip deep inside a lower-case token ('kfkXclj'); 'iPhone', 'eBay' flip at 1.
  const flip = /[a-z]{2,}[A-Z]/.exec(t);
  if (flip && /^[a-z]/.test(t)) return { kind: 'garbage', chars: t.length };
  if (t.length > 30 && !/[./@-]/.test(t)) return { kind: 'garbage', chars: t.length };
  return { kind: 'word', chars: t.length };
}

/** What a token is (a word, a number, another script, garbage), or null for punctuation alone; remembered, as words repeat. */
export const classifyToken = rememberByText(readToken);

export function assessText(text: string): TextQuality {
  let words = 0;
  let wordlike = 0;
  let otherScriptChars = 0;
  let garbageChars = 0;
  let goodChars = 0;
  for (const token of text.split(/\s+/)) {
    const c = classifyToken(token);
    if (!c) continue;
    words += 1;
    if (c.kind === 'garbage') garbageChars += c.chars;
    else if (c.kind === 'other-script') {
      otherScriptChars += c.chars;
      goodChars += c.chars;
    } else if (c.kind === 'word') {
      wordlike += 1;
      goodChars += c.chars;
    } else wordlike += 1;
  }
  const letterChars = garbageChars + goodChars;
  return {
    words,
    wordlike,
    otherScriptChars,
    garbageChars,
    garbageShare: letterChars === 0 ? 0 : garbageChars / letterChars,
  };
}

export type OcrNeed = 'none' | 'sparse' | 'garbage';

export function ocrNeed(q: TextQuality): OcrNeed {
  if (q.garbageChars >= GARBAGE_MIN_CHARS && q.garbageShare > GARBAGE_SHARE) return 'garbage';
  // Two CJK characters carry about one English word.
  if (q.wordlike + q.otherScriptChars / 2 < SPARSE_WORDS) return 'sparse';
  return 'none';
}

/** Count of tokens holding a letter or digit: the 'words' of deck statistics. */
export function countWords(text: string): number {
  let n = 0;
  for (const token of text.split(/\s+/)) if (HAS_ALNUM.test(token)) n += 1;
  return n;
}

/** Drops garbage tokens (kept when a page has nothing better). */
export function stripGarbage(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .split(' ')
        .filter((tok) => classifyToken(tok)?.kind !== 'garbage')
        .join(' ')
        .trim(),
    )
    .filter((l) => l !== '')
    .join('\n');
}
