import { classifyToken } from './text-quality.ts';

/**
 * Text layers written in a font whose character codes are offset from Unicode by a
 * constant ('Joe Gebbia, User' comes out as 'Af\\\u0017>\\YY`X#\u0017Lj\\i': every code
 * 9 lower, the space a control character). Only the runs in that font are shifted; the
 * rest of the page reads fine. Such runs are decoded when one shift turns most of them
 * into real words; otherwise they stay as they are and the page goes to OCR as garbage.
 */

/** Control characters other than tab and line break: no font writes them as text. */
const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f;
const hasControl = (s: string) => [...s].some((ch) => isControl(ch.charCodeAt(0)));
const controlsToSpaces = (s: string) => [...s].map((ch) => (isControl(ch.charCodeAt(0)) ? ' ' : ch)).join('');
/** Shifts tried: enough to move ASCII punctuation onto letters and back. */
const MAX_SHIFT = 64;
/** Characters of suspect tokens needed before a shift is trusted. */
const MIN_SUSPECT_CHARS = 12;
const MAX_SAMPLE_CHARS = 4000;
/** Share of the decoded letters that must sit in real words. */
const MIN_DECODED_SHARE = 0.7;
const MIN_COMMON_LETTERS = 0.5;

// The commonest short words of English, German, French and Spanish: a decode that yields them
// is the right one when two shifts both give pronounceable text.
const COMMON = new Set(
  'a an and are as at be by for from has in is it of on or our the to we with who was de der die das und la le les el en y et un une des of'.split(' '),
);

/**
 * Share of the letters that are among the ten commonest of Western European languages: about
 * 0.7 in English, German, French or Spanish prose, far less in letters that only look like words
 * (a wrong shift that lands on capitals, a substitution that is no shift).
 */
function commonLetterShare(text: string): number {
  const letters = text.replace(/[^A-Za-z]/g, '');
  if (letters.length === 0) return 0;
  return letters.replace(/[^etaoinsrhlETAOINSRHL]/g, '').length / letters.length;
}

function isSuspect(token: string): boolean {
  return hasControl(token) || classifyToken(token)?.kind === 'garbage';
}

/** The token with every ASCII code moved by `shift`, or null when one leaves printable ASCII. */
function shifted(token: string, shift: number): string | null {
  let out = '';
  for (const ch of token) {
    const code = ch.codePointAt(0)!;
    // Ligatures and dashes such fonts put outside ASCII ('couchsurÔng') cannot be decoded by the shift.
    if (code > 0x7f) {
      out += ch;
      continue;
    }
    const c = code + shift;
    if (c < 0x20 || c > 0x7e) return null;
    out += String.fromCharCode(c);
  }
  return out;
}

interface Reading {
  /** Letters in tokens that read as words (or numbers). */
  good: number;
  /** Letters in all tokens. */
  total: number;
  common: number;
}

function read(text: string): Reading {
  let good = 0;
  let total = 0;
  let common = 0;
  // Control characters are never text: they count as the spaces they stand for.
  for (const t of controlsToSpaces(text).split(/\s+/)) {
    const c = classifyToken(t);
    if (!c) continue;
    total += c.chars;
    if (c.kind !== 'garbage') good += c.chars;
    if (COMMON.has(t.toLowerCase().replace(/[^a-z]/g, ''))) common += 1;
  }
  return { good, total, common };
}

/**
 * The constant shift that turns the page's suspect tokens (control characters, cipher-like
 * letters) into words, or 0 when none does. Only printable-ASCII shifts are tried: that is
 * what a font with an offset encoding produces.
 */
export function findShift(text: string): number {
  // A sample is enough to tell the shift, and keeps a long garbled document cheap.
  const suspects: string[] = [];
  let sampled = 0;
  for (const t of text.split(/[ \n\t]+/)) {
    if (sampled >= MAX_SAMPLE_CHARS) break;
    if (isSuspect(t)) {
      suspects.push(t);
      sampled += t.length;
    }
  }
  const chars = suspects.reduce((n, t) => n + t.length, 0);
  if (chars < MIN_SUSPECT_CHARS) return 0;
  let best = { shift: 0, share: 0, common: 0 };
  for (let shift = -MAX_SHIFT; shift <= MAX_SHIFT; shift++) {
    if (shift === 0) continue;
    const decoded = suspects.map((t) => shifted(t, shift));
    // Suspect tokens that cannot be shifted into ASCII are not in the shifted font.
    const ok = decoded.filter((d): d is string => d !== null);
    const okChars = ok.reduce((n, t) => n + t.length, 0);
    if (okChars < 0.7 * chars) continue;
    const r = read(ok.join(' '));
    if (r.total === 0 || commonLetterShare(ok.join('')) < MIN_COMMON_LETTERS) continue;
    const share = (r.good / r.total) * (okChars / chars);
    if (share > best.share + 1e-9 || (Math.abs(share - best.share) <= 1e-9 && r.common > best.common)) best = { shift, share, common: r.common };
  }
  return best.share >= MIN_DECODED_SHARE ? best.shift : 0;
}

/**
 * Decodes the runs of a page's text that a constant-shift font garbled, leaving real text
 * alone. A token is decoded when it is suspect and its decoded form reads better; on a line
 * that is mostly decoded, short tokens that happen to look like words ('Xe' for 'an') are
 * decoded too. Leftover control characters become spaces. The shift is the font's, so the
 * same for the whole document: pass the one found over all pages, or it is found in `text`.
 */
export function decodeShiftedText(text: string, shift: number = findShift(text)): string {
  if (shift === 0) return text;
  const better = (t: string, d: string | null): d is string => {
    if (d === null) return false;
    const before = read(t);
    const after = read(d);
    return after.good > before.good || (after.good === before.good && after.common > before.common);
  };
  return text
    .split('\n')
    .map((line) => {
      const tokens = line.split(' ');
      const decoded = tokens.map((t) => (isSuspect(t) ? shifted(t, shift) : null));
      const fixed = tokens.map((t, i) => (decoded[i] !== null && better(t, decoded[i]!) ? decoded[i]! : null));
      const fixedChars = fixed.reduce((n, d, i) => n + (d === null ? 0 : tokens[i]!.length), 0);
      const mostly = fixedChars >= 0.6 * line.replace(/\s/g, '').length;
      // A line of figures and capitals in the shifted font (",''B /'B )D" for '500K 80K 2M') has no
      // suspect token of its own: decoded whole when that reads better and it holds no real word.
      if (!mostly && !tokens.some((t) => /[A-Za-z]{3,}/.test(t) && classifyToken(t)?.kind === 'word')) {
        // Spaces between the tokens are the reader's own, not the font's.
        const each = tokens.map((t) => shifted(t, shift));
        const whole = each.every((d) => d !== null) ? each.join(' ') : null;
        if (whole !== null && !hasControl(whole) && read(whole).good > read(line).good) return whole.replace(/ {2,}/g, ' ').trim();
      }
      return tokens
        .map((t, i) => {
          if (fixed[i] !== null) return fixed[i]!;
          if (mostly) {
            const d = shifted(t, shift);
            if (d !== null && read(d).good >= read(t).good && classifyToken(d)?.kind !== 'garbage') return d;
          }
          return controlsToSpaces(t);
        })
        .join(' ')
        .replace(/ {2,}/g, ' ')
        .trim();
    })
    .join('\n');
}
