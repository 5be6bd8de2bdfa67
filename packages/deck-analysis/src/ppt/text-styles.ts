import { legibilityOf, type LegibleWord, type PageLegibility } from '../readability.ts';
import { RT, type RecordHeader, type RecordReader } from './records.ts';

/**
 * Text sizes of the binary PowerPoint format ([MS-PPT] 2.9): a text atom is followed by a
 * StyleTextPropAtom holding its paragraph runs (characters covered, indent level, properties)
 * and then its character runs (characters covered, properties); a master's TxMasterStyleAtom
 * holds, per text type and indent level, the size a run takes when it sets none. Only sizes are
 * read; a property's fields are stepped over by the lengths its mask bit gives.
 */

/** Paragraph properties in stored order: [mask bit, bytes]; 0 bytes marks the tab stops, which carry their own count. */
const PARAGRAPH_FIELDS: ReadonlyArray<readonly [number, number]> = [
  [0x000f, 2], // bullet flags
  [0x0080, 2], // bullet char
  [0x0010, 2], // bullet font
  [0x0040, 2], // bullet size
  [0x0020, 4], // bullet colour
  [0x0800, 2], // alignment
  [0x1000, 2], // line spacing
  [0x2000, 2], // space before
  [0x4000, 2], // space after
  [0x0100, 2], // left margin
  [0x0400, 2], // indent
  [0x8000, 2], // default tab size
  [0x100000, 0], // tab stops: a count, then 4 bytes each
  [0x10000, 2], // font alignment
  [0xe0000, 2], // wrap flags
  [0x200000, 2], // text direction
];

/** Character properties in stored order up to the size: [mask bit, bytes]. */
const SIZE_MASK = 0x20000;
const CHARACTER_FIELDS_BEFORE_SIZE: ReadonlyArray<readonly [number, number]> = [
  [0xffff, 2], // style flags (bold, italic, ...)
  [0x10000, 2], // font
  [0x200000, 2], // East Asian font
  [0x400000, 2], // ANSI font
  [0x800000, 2], // symbol font
];
const CHARACTER_FIELDS_AFTER_SIZE: ReadonlyArray<readonly [number, number]> = [
  [0x40000, 4], // colour
  [0x80000, 2], // position (superscript)
];

/** Bytes of a paragraph exception's fields after its mask, or null when they run past `end`. */
function paragraphFieldsLength(r: RecordReader, mask: number, at: number, end: number): number | null {
  let p = at;
  for (const [bit, bytes] of PARAGRAPH_FIELDS) {
    if ((mask & bit) === 0) continue;
    if (bytes === 0) {
      if (p + 2 > end) return null;
      p += 2 + 4 * r.view.getUint16(p, true);
    } else p += bytes;
    if (p > end) return null;
  }
  return p - at;
}

/** A character exception's size (points; null when it sets none) and its fields' length, or null when they run past `end`. */
function characterFields(r: RecordReader, mask: number, at: number, end: number): { size: number | null; length: number } | null {
  let p = at;
  const skip = (fields: ReadonlyArray<readonly [number, number]>) => {
    for (const [bit, bytes] of fields) if (mask & bit) p += bytes;
  };
  skip(CHARACTER_FIELDS_BEFORE_SIZE);
  let size: number | null = null;
  if (mask & SIZE_MASK) {
    if (p + 2 > end) return null;
    size = r.view.getUint16(p, true);
    p += 2;
  }
  skip(CHARACTER_FIELDS_AFTER_SIZE);
  return p > end ? null : { size: size !== null && size > 0 && size <= 4000 ? size : null, length: p - at };
}

/** One stretch of a text atom: `length` characters at one indent level and, when the run sets it, one size. */
export interface StyledSpan {
  start: number;
  length: number;
  indent: number;
  size: number | null;
}

/**
 * The spans of a StyleTextPropAtom over its text atom of `textLength` characters (the runs cover
 * one more, the closing paragraph mark). Runs that overrun the atom end the reading: what was
 * read stands. Indent levels come from the paragraph runs, sizes from the character runs.
 */
export function styledSpans(r: RecordReader, atom: RecordHeader, textLength: number): StyledSpan[] {
  const end = atom.end;
  let p = atom.body;
  const paragraphs: Array<{ start: number; length: number; indent: number }> = [];
  for (let covered = 0; covered < textLength + 1 && p + 10 <= end; ) {
    const length = r.view.getUint32(p, true);
    const indent = r.view.getUint16(p + 4, true);
    const fields = paragraphFieldsLength(r, r.view.getUint32(p + 6, true), p + 10, end);
    if (fields === null || length === 0) return [];
    paragraphs.push({ start: covered, length, indent: indent <= 8 ? indent : 0 });
    covered += length;
    p += 10 + fields;
  }
  const spans: StyledSpan[] = [];
  // Both run lists are in text order: one pass over them (a crafted atom can hold a run per character).
  let par = 0;
  for (let covered = 0; covered < textLength + 1 && p + 8 <= end; ) {
    const length = r.view.getUint32(p, true);
    const fields = characterFields(r, r.view.getUint32(p + 4, true), p + 8, end);
    if (fields === null || length === 0) break;
    const runEnd = covered + length;
    if (paragraphs.length === 0) spans.push({ start: covered, length, indent: 0, size: fields.size });
    // A character run may cross paragraphs: split it where the indent level changes.
    for (let from = covered; par < paragraphs.length && from < runEnd; ) {
      const paragraph = paragraphs[par]!;
      const paragraphEnd = paragraph.start + paragraph.length;
      const to = Math.min(runEnd, paragraphEnd);
      if (from < to) spans.push({ start: from, length: to - from, indent: paragraph.indent, size: fields.size });
      if (paragraphEnd <= runEnd) par += 1;
      from = Math.max(from, to);
      if (to === runEnd) break;
    }
    covered = runEnd;
    p += 8 + fields.length;
  }
  return spans;
}

/**
 * A TxMasterStyleAtom's sizes per indent level (null where the level sets none). Its levels have
 * no character count; types 5 to 8 (centred and half/quarter bodies) also store each level's number.
 */
export function masterSizes(r: RecordReader, atom: RecordHeader): Array<number | null> {
  const end = atom.end;
  let p = atom.body;
  if (p + 2 > end) return [];
  const levels = Math.min(r.view.getUint16(p, true), 5);
  p += 2;
  const sizes: Array<number | null> = [];
  for (let i = 0; i < levels; i++) {
    if (atom.instance >= 5) p += 2;
    if (p + 4 > end) break;
    const paragraph = paragraphFieldsLength(r, r.view.getUint32(p, true), p + 4, end);
    if (paragraph === null) break;
    p += 4 + paragraph;
    if (p + 4 > end) break;
    const character = characterFields(r, r.view.getUint32(p, true), p + 4, end);
    if (character === null) break;
    sizes.push(character.size);
    p += 4 + character.length;
  }
  return sizes;
}

/** A master's sizes per text type (TextHeaderAtom's type) and indent level. */
export type MasterSizes = ReadonlyMap<number, ReadonlyArray<number | null>>;

/** The sizes a master's TxMasterStyleAtoms give, by text type. */
export function masterSizesOf(r: RecordReader, master: RecordHeader): Map<number, Array<number | null>> {
  const sizes = new Map<number, Array<number | null>>();
  for (const h of r.children(master)) if (h.type === RT.TxMasterStyleAtom && !sizes.has(h.instance)) sizes.set(h.instance, masterSizes(r, h));
  return sizes;
}

/** Centred and half/quarter bodies take the body's sizes where their own style sets none, a centred title the title's. */
const BASE_TYPE: Record<number, number> = { 5: 1, 6: 0, 7: 1, 8: 1 };

function masterSize(master: MasterSizes, type: number, indent: number): number | null {
  for (const t of [type, BASE_TYPE[type]]) {
    const levels = t === undefined ? undefined : master.get(t);
    const size = levels?.[indent] ?? levels?.[0];
    if (size) return size;
  }
  return null;
}

/** One text atom of a slide: its text type, text and, when a StyleTextPropAtom follows it, its spans. */
export interface StyledText {
  type: number;
  text: string;
  spans: StyledSpan[] | null;
}

/**
 * Size of the text on one slide (readability.ts): each word at its run's size, or its master's
 * for its text type and indent level when the run sets none; words of unknown size are left out.
 * No colour is read (a .ppt is not drawn, so what is behind its text is not known).
 */
export function slideLegibility(texts: readonly StyledText[], master: MasterSizes, slideLongSide: number): PageLegibility {
  const words: LegibleWord[] = [];
  for (const t of texts) {
    const spans = t.spans ?? [];
    let at = 0;
    for (const m of t.text.matchAll(/\S+/g)) {
      const letters = [...m[0]].filter((c) => /[\p{L}\p{N}]/u.test(c)).length;
      if (letters === 0) continue;
      // Words and spans are both in text order.
      while (at < spans.length && spans[at]!.start + spans[at]!.length <= m.index) at += 1;
      const span = at < spans.length && spans[at]!.start <= m.index ? spans[at] : undefined;
      const size = span?.size ?? masterSize(master, t.type, span?.indent ?? 0);
      if (size) words.push({ word: m[0], letters, size, text: null, background: null });
    }
  }
  return legibilityOf(words, slideLongSide);
}
