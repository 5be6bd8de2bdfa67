import CFB from 'cfb';
import { isEncryptedOoxml } from '../detect/detect-format.ts';
import { DeckError } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import type { DeckText, PageText } from '../model.ts';
import { normalizeText } from '../text/text-quality.ts';
import { masterSizesOf, slideLegibility, styledSpans, type MasterSizes, type StyledText } from './text-styles.ts';
import {
  HEADER_TOKEN_ENCRYPTED,
  RecordReader,
  RT,
  TITLE_TEXT_TYPES,
  type RecordHeader,
} from './records.ts';

/**
 * Legacy PowerPoint 97-2003 (.ppt). The 'Current User' stream points at the newest
 * UserEditAtom; the chain of edits gives the persist directory (persist id -> stream
 * offset); the Document's SlideListWithText lists slides in presentation order with
 * their placeholder text; each Slide's drawing holds the text of other text boxes and
 * its SlideAtom names its notes page. When that chain is damaged we fall back to a
 * sequential walk of the stream's top-level records (file order is slide order in
 * files that were saved in one go, which is what a damaged chain usually leaves).
 * Each slide's smallest text is read from its runs' sizes and its master's (text-styles.ts).
 */

export interface PptReadOptions {
  maxPages?: number;
  onPage?: (done: number, total: number) => void;
}

interface SlideEntry {
  persistId: number;
  slideId: number;
  /** Placeholder text stored in the SlideListWithText, after its SlidePersistAtom. */
  texts: StyledText[];
}

interface RawSlide {
  title: string[];
  body: string[];
  notes: string[];
  /** The text on the slide (not its notes), with its styles. */
  shown: StyledText[];
  /** The master's sizes the slide's text takes where its runs set none. */
  master: MasterSizes;
}

/** What the reading of the slides gives: the slides, and the slide size (points). */
interface RawDeck {
  slides: RawSlide[];
  longSide: number;
}

/** The slide size when the document does not say (4:3, 10 × 7.5 in). */
const DEFAULT_LONG_SIDE_PT = 720;
const NO_MASTER: MasterSizes = new Map();

export function readPpt(bytes: Uint8Array, options: PptReadOptions = {}): DeckText {
  if (isEncryptedOoxml(bytes)) {
    throw new DeckError('encrypted', 'This PowerPoint file is password-protected. Remove the password and upload it again.');
  }
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' });
  } catch (e) {
    throw new DeckError('corrupt', 'This PowerPoint file is damaged and could not be read. Save it again as .pptx or PDF and upload it.', {
      cause: e,
    });
  }
  const stream = (name: string): Uint8Array | null => {
    const entry = CFB.find(container, name);
    const content = entry?.content;
    if (!content || content.length === 0) return null;
    return content instanceof Uint8Array ? content : Uint8Array.from(content as ArrayLike<number>);
  };
  if (CFB.find(container, 'EncryptedSummary')) throw encrypted();
  const doc = stream('PowerPoint Document');
  if (!doc) {
    if (CFB.find(container, 'PP40') || CFB.find(container, 'Header')) throw new DeckError('old_format');
    throw new DeckError('unsupported_format', 'This file is an Office document but not a PowerPoint presentation.');
  }
  const currentUser = stream('Current User');
  const reader = new RecordReader(doc);
  let raw: RawDeck;
  const cu = currentUser ? parseCurrentUser(currentUser) : null;
  if (cu === null) {
    // PowerPoint 95 and older write a Current User stream too short for the 97 atom.
    if (CFB.find(container, 'Header') || CFB.find(container, 'PP40') || (currentUser && currentUser.length < 28)) {
      throw new DeckError('old_format');
    }
    raw = walkRecords(reader);
  } else {
    if (cu.encrypted) throw encrypted();
    try {
      raw = readViaPersistDirectory(reader, cu.offsetToCurrentEdit);
    } catch (e) {
      if (e instanceof DeckError) throw e;
      raw = walkRecords(reader);
    }
  }
  const { slides, longSide } = raw;
  const maxPages = options.maxPages ?? LIMITS.maxPages;
  if (slides.length > maxPages) {
    throw new DeckError('too_many_pages', `This presentation has ${slides.length} slides; we read decks of at most ${maxPages}.`);
  }
  const pages: PageText[] = slides.map((s, i) => {
    const title = normalizeText(s.title.join(' '));
    const text = normalizeText(dedupe([...s.title, ...s.body]).join('\n')).slice(0, LIMITS.maxPageChars);
    options.onPage?.(i + 1, slides.length);
    return {
      number: i + 1,
      title: title === '' ? null : title,
      text,
      notes: normalizeText(dedupe(s.notes).join('\n')).slice(0, LIMITS.maxPageChars),
      source: text === '' ? 'none' : 'text',
      ...sizeOnly(slideLegibility(s.shown, s.master, longSide)),
    };
  });
  return { format: 'ppt', pages };
}

/** A .ppt is not drawn: its text sizes are known, what is behind its text is not (no contrast is claimed). */
function sizeOnly({ smallestTextPt, smallTextSample }: { smallestTextPt: number | null; smallTextSample: string | null }) {
  return { smallestTextPt, smallTextSample };
}

/** The slide size's long side in points (the DocumentAtom's size is in master units, 576 an inch). */
function longSideOf(r: RecordReader, doc: RecordHeader | null): number {
  const atom = doc ? [...r.children(doc)].find((c) => c.type === RT.DocumentAtom) : undefined;
  const side = atom ? Math.max(r.i32(atom.body), r.i32(atom.body + 4)) / 8 : 0;
  return side >= 72 && side <= 20_000 ? side : DEFAULT_LONG_SIDE_PT;
}

function encrypted(): DeckError {
  return new DeckError('encrypted', 'This PowerPoint file is password-protected. Remove the password and upload it again.');
}

function dedupe(lines: string[]): string[] {
  const seen = new Set<string>();
  return lines.filter((l) => {
    const k = l.trim();
    if (k === '' || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function parseCurrentUser(bytes: Uint8Array): { encrypted: boolean; offsetToCurrentEdit: number } | null {
  const r = new RecordReader(bytes);
  const h = r.header(0);
  if (!h || h.type !== RT.CurrentUserAtom || bytes.length < 28) return null;
  const token = r.u32(12);
  return { encrypted: token === HEADER_TOKEN_ENCRYPTED, offsetToCurrentEdit: r.u32(16) };
}

class ChainError extends Error {}

function readViaPersistDirectory(r: RecordReader, firstEdit: number): RawDeck {
  const persist = new Map<number, number>();
  let docPersistId = -1;
  let offset = firstEdit;
  const seen = new Set<number>();
  let newest = true;
  while (offset > 0 && !seen.has(offset) && seen.size < 10_000) {
    seen.add(offset);
    const edit = r.header(offset);
    if (!edit || edit.type !== RT.UserEditAtom || edit.length < 28) throw new ChainError('bad UserEditAtom');
    if (newest) {
      docPersistId = r.u32(edit.body + 16);
      // An encryptSessionPersistIdRef means the document streams are encrypted.
      if (edit.length >= 32 && r.u32(edit.body + 28) !== 0) {
        const sessionId = r.u32(edit.body + 28);
        readPersistDirectory(r, r.u32(edit.body + 12), persist);
        const at = persist.get(sessionId);
        const session = at === undefined ? null : r.header(at);
        if (session?.type === RT.CryptSession10Container) throw encrypted();
      }
      newest = false;
    }
    readPersistDirectory(r, r.u32(edit.body + 12), persist);
    offset = r.u32(edit.body + 8);
  }
  const docOffset = persist.get(docPersistId);
  const doc = docOffset === undefined ? null : r.header(docOffset);
  if (!doc || doc.type !== RT.Document) throw new ChainError('no Document');
  const slideList = slideListOf(r, doc, 0);
  const notesList = slideListOf(r, doc, 2);
  const notesBySlideId = new Map<number, number>();
  for (const n of notesList) notesBySlideId.set(n.slideId, n.persistId);
  const masters = new Map<number, MasterSizes>();
  for (const m of slideListOf(r, doc, 1)) {
    const at = persist.get(m.persistId);
    const master = at === undefined ? null : r.header(at);
    if (master?.type === RT.MainMaster) masters.set(m.slideId, masterSizesOf(r, master));
  }
  const slides = slideList.map((entry) => {
    const out: RawSlide = { title: [], body: [], notes: [], shown: [], master: masters.values().next().value ?? NO_MASTER };
    addTexts(out, entry.texts);
    const at = persist.get(entry.persistId);
    const slide = at === undefined ? null : r.header(at);
    if (slide?.type === RT.Slide) {
      addTexts(out, drawingTexts(r, slide));
      const atom = [...r.children(slide)].find((c) => c.type === RT.SlideAtom);
      out.master = (atom && masters.get(r.u32(atom.body + 12))) ?? out.master;
      const notesId = atom ? r.u32(atom.body + 16) : 0;
      const notesPersist = notesId ? notesBySlideId.get(notesId) : undefined;
      const notesAt = notesPersist === undefined ? undefined : persist.get(notesPersist);
      const notes = notesAt === undefined ? null : r.header(notesAt);
      if (notes?.type === RT.Notes) out.notes.push(...drawingTexts(r, notes).map((t) => t.text));
    }
    return out;
  });
  return { slides, longSide: longSideOf(r, doc) };
}

/** A slide's text atoms, as titles or body lines and with their styles. */
function addTexts(out: RawSlide, texts: readonly StyledText[]): void {
  for (const t of texts) (TITLE_TEXT_TYPES.has(t.type) ? out.title : out.body).push(t.text);
  out.shown.push(...texts);
}

function readPersistDirectory(r: RecordReader, offset: number, into: Map<number, number>): void {
  const dir = r.header(offset);
  if (!dir || dir.type !== RT.PersistDirectoryAtom) throw new ChainError('bad PersistDirectoryAtom');
  let p = dir.body;
  while (p + 4 <= dir.end) {
    const entry = r.u32(p);
    const start = entry & 0xfffff;
    const count = entry >>> 20;
    p += 4;
    for (let i = 0; i < count && p + 4 <= dir.end; i++, p += 4) {
      // Newer edits are read first and win.
      if (!into.has(start + i)) into.set(start + i, r.u32(p));
    }
  }
}

/** SlideListWithText of the given instance (0 slides, 1 masters, 2 notes). */
function slideListOf(r: RecordReader, doc: RecordHeader, instance: number): SlideEntry[] {
  const list = [...r.children(doc)].find((c) => c.type === RT.SlideListWithText && c.instance === instance);
  if (!list) return [];
  const entries: SlideEntry[] = [];
  let cur: SlideEntry | null = null;
  const texts = textReader(r);
  for (const h of r.children(list)) {
    if (h.type === RT.SlidePersistAtom) {
      cur = { persistId: r.u32(h.body), slideId: r.u32(h.body + 12), texts: [] };
      entries.push(cur);
    } else if (cur) texts.read(h, cur.texts);
  }
  return entries;
}

/**
 * Reads text records in order into a list: a TextHeaderAtom sets the type of the text after it,
 * a text atom is one text, and a StyleTextPropAtom right after it gives that text's styles.
 */
function textReader(r: RecordReader) {
  let textType = 4;
  let last: StyledText | null = null;
  return {
    read(h: RecordHeader, into: StyledText[]) {
      if (h.type === RT.TextHeaderAtom) textType = r.u32(h.body);
      else if (h.type === RT.TextCharsAtom || h.type === RT.TextBytesAtom) {
        last = { type: textType, text: r.text(h), spans: null };
        into.push(last);
        return;
      } else if (h.type === RT.StyleTextPropAtom && last) last.spans = styledSpans(r, h, last.text.length);
      last = null;
    },
  };
}

/** Text boxes of a slide or notes drawing (OfficeArt client textboxes). */
function drawingTexts(r: RecordReader, container: RecordHeader): StyledText[] {
  const out: StyledText[] = [];
  const texts = textReader(r);
  for (const h of r.walk(container)) texts.read(h, out);
  return out;
}

/** Fallback when the edit chain is unusable: top-level records in file order. */
function walkRecords(r: RecordReader): RawDeck {
  const root: RecordHeader = { offset: -8, version: 0x0f, instance: 0, type: 0, length: r.bytes.length, body: 0, end: r.bytes.length };
  let lastDoc: RecordHeader | null = null;
  const slideRecords: RecordHeader[] = [];
  const notesRecords: RecordHeader[] = [];
  let master: MasterSizes | null = null;
  let count = 0;
  for (const h of r.children(root)) {
    if (++count > 200_000) break;
    if (h.type === RT.Document) lastDoc = h;
    else if (h.type === RT.Slide) slideRecords.push(h);
    else if (h.type === RT.Notes) notesRecords.push(h);
    // Without the edit chain, which master a slide follows is not known: the first one stands for all.
    else if (h.type === RT.MainMaster) master ??= masterSizesOf(r, h);
  }
  const listed = lastDoc ? slideListOf(r, lastDoc, 0) : [];
  const n = Math.max(listed.length, slideRecords.length);
  const slides: RawSlide[] = [];
  for (let i = 0; i < n; i++) {
    const out: RawSlide = { title: [], body: [], notes: [], shown: [], master: master ?? NO_MASTER };
    addTexts(out, listed[i]?.texts ?? []);
    const slide = slideRecords[i];
    if (slide) addTexts(out, drawingTexts(r, slide));
    const notes = notesRecords[i];
    if (notes) out.notes.push(...drawingTexts(r, notes).map((t) => t.text));
    slides.push(out);
  }
  if (slides.length === 0 && !lastDoc) {
    throw new DeckError('corrupt', 'This PowerPoint file is damaged and could not be read. Save it again as .pptx or PDF and upload it.');
  }
  return { slides, longSide: longSideOf(r, lastDoc) };
}
