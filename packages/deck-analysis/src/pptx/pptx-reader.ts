import JSZip from 'jszip';
import { posix } from 'node:path';
import { isEncryptedOoxml } from '../detect/detect-format.ts';
import { DeckError } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import type { DeckText, OcrImage, PageText } from '../model.ts';
import { pictureFits } from '../read/image-size.ts';
import { assessText, normalizeText, ocrNeed } from '../text/text-quality.ts';
import { DEFAULT_ZIP_LIMITS, inspectZip, type ZipEntryInfo, type ZipGuardLimits } from './zip-guard.ts';
import {
  attr,
  bodyLines,
  child,
  children,
  descendants,
  kids,
  parseXml,
  tagOf,
  type XmlNode,
} from './xml-tree.ts';

export interface PptxReadOptions {
  maxPages?: number;
  zipLimits?: ZipGuardLimits;
  onPage?: (done: number, total: number) => void;
  /** Pictures of slides whose text is sparse, for OCR (PNG/JPEG/BMP only). */
  onOcrImage?: (image: OcrImage) => Promise<void> | void;
}

interface Rel {
  type: string;
  target: string;
}

const REL_SLIDE = '/slide';
const REL_NOTES = '/notesSlide';
const REL_DIAGRAM_DATA = '/diagramData';
const OCR_IMAGE_EXT = /\.(png|jpe?g|bmp)$/i;
const MAX_OCR_IMAGE_BYTES = 8 * 1024 * 1024;

class Package {
  constructor(
    private readonly zip: JSZip,
    private readonly entries: Map<string, ZipEntryInfo>,
    private readonly limits: ZipGuardLimits,
  ) {}

  has(name: string): boolean {
    return this.entries.has(name) && this.zip.file(name) !== null;
  }

  size(name: string): number {
    return this.entries.get(name)?.uncompressedSize ?? 0;
  }

  /**
   * Inflates one part, counting bytes as they come: a part that inflates beyond what
   * its header declared (or beyond the per-part cap) is a bomb, whatever it claimed.
   */
  async bytes(name: string): Promise<Uint8Array> {
    const file = this.zip.file(name);
    const info = this.entries.get(name);
    if (!file || !info) throw new DeckError('corrupt');
    const cap = Math.min(info.uncompressedSize, this.limits.maxEntryBytes);
    if (info.uncompressedSize > this.limits.maxEntryBytes) throw new DeckError('zip_bomb');
    return new Promise<Uint8Array>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let total = 0;
      let done = false;
      const stream = file.nodeStream('nodebuffer');
      stream.on('data', (chunk: Buffer) => {
        if (done) return;
        total += chunk.length;
        if (total > cap) {
          done = true;
          stream.pause();
          stream.removeAllListeners('data');
          reject(new DeckError('zip_bomb'));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (e: Error) => {
        if (!done) {
          done = true;
          reject(new DeckError('corrupt', undefined, { cause: e }));
        }
      });
      stream.on('end', () => {
        if (!done) {
          done = true;
          resolve(Buffer.concat(chunks, total));
        }
      });
    });
  }

  async xml(name: string): Promise<XmlNode[]> {
    return parseXml(new TextDecoder().decode(await this.bytes(name)));
  }

  async rels(part: string): Promise<Map<string, Rel>> {
    const relsName = posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);
    const out = new Map<string, Rel>();
    if (!this.has(relsName)) return out;
    for (const r of descendants(await this.xml(relsName), 'Relationship')) {
      const id = attr(r, 'Id');
      const type = attr(r, 'Type') ?? '';
      const target = attr(r, 'Target');
      if (!id || !target || attr(r, 'TargetMode') === 'External') continue;
      const resolved = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(posix.dirname(part), target));
      out.set(id, { type, target: resolved });
    }
    return out;
  }
}

export async function readPptx(bytes: Uint8Array, options: PptxReadOptions = {}): Promise<DeckText> {
  if (isEncryptedOoxml(bytes)) {
    throw new DeckError('encrypted', 'This PowerPoint file is password-protected. Remove the password and upload it again.');
  }
  const limits = options.zipLimits ?? DEFAULT_ZIP_LIMITS;
  const entries = inspectZip(bytes, limits);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (e) {
    throw new DeckError('corrupt', 'This PowerPoint file is damaged and could not be read. Export it again and upload the new file.', {
      cause: e,
    });
  }
  const pkg = new Package(zip, entries, limits);
  const presentation = 'ppt/presentation.xml';
  if (!pkg.has(presentation)) throw new DeckError('corrupt', 'This file is a zip archive but not a PowerPoint presentation.');
  const presRels = await pkg.rels(presentation);
  const presXml = await pkg.xml(presentation);
  const slideParts: string[] = [];
  for (const sldId of descendants(presXml, 'p:sldId')) {
    const rel = presRels.get(attr(sldId, 'r:id') ?? '');
    if (rel && rel.type.endsWith(REL_SLIDE) && pkg.has(rel.target)) slideParts.push(rel.target);
  }
  const maxPages = options.maxPages ?? LIMITS.maxPages;
  if (slideParts.length > maxPages) {
    throw new DeckError('too_many_pages', `This presentation has ${slideParts.length} slides; we read decks of at most ${maxPages}.`);
  }
  const pages: PageText[] = [];
  for (const [i, part] of slideParts.entries()) {
    const page = await readSlide(pkg, part, i + 1);
    pages.push(page.text);
    if (page.ocr && options.onOcrImage) await options.onOcrImage(page.ocr);
    options.onPage?.(i + 1, slideParts.length);
  }
  return { format: 'pptx', pages };
}

async function readSlide(pkg: Package, part: string, number: number): Promise<{ text: PageText; ocr: OcrImage | null }> {
  const rels = await pkg.rels(part);
  const xml = await pkg.xml(part);
  const tree = [...descendants(xml, 'p:spTree')][0];
  const collected: Collected = { title: [], lines: [], pictures: [] };
  if (tree) await collectShapes(pkg, kids(tree), rels, collected);
  let notes = '';
  for (const rel of rels.values()) {
    if (rel.type.endsWith(REL_NOTES) && pkg.has(rel.target)) notes = await readNotes(pkg, rel.target);
  }
  const title = collected.title.join(' ').trim();
  const body = normalizeText([...collected.title, ...collected.lines].join('\n')).slice(0, LIMITS.maxPageChars);
  const text: PageText = {
    number,
    title: title === '' ? null : normalizeText(title),
    text: body,
    notes: normalizeText(notes).slice(0, LIMITS.maxPageChars),
    source: body === '' ? 'none' : 'text',
  };
  let ocr: OcrImage | null = null;
  if (ocrNeed(assessText(body)) !== 'none') {
    const picture = collected.pictures
      .filter((p) => OCR_IMAGE_EXT.test(p) && pkg.has(p) && pkg.size(p) <= MAX_OCR_IMAGE_BYTES)
      .sort((a, b) => pkg.size(b) - pkg.size(a))[0];
    // Measured from its header before anything decodes it: a 30000x30000 PNG is a bomb.
    const image = picture ? await pkg.bytes(picture) : null;
    if (image && pictureFits(image)) ocr = { page: number, image, mode: 'merge' };
  }
  return { text, ocr };
}

interface Collected {
  title: string[];
  lines: string[];
  pictures: string[];
}

function placeholderType(shape: XmlNode): string | undefined {
  for (const nv of ['p:nvSpPr', 'p:nvGraphicFramePr']) {
    const ph = child(child(child(shape, nv) ?? {}, 'p:nvPr') ?? {}, 'p:ph');
    if (ph) return attr(ph, 'type') ?? 'body';
  }
  return undefined;
}

/** Walks a shape tree in document order: shapes, groups (recursively), tables, SmartArt, pictures. */
async function collectShapes(pkg: Package, nodes: readonly XmlNode[], rels: Map<string, Rel>, out: Collected): Promise<void> {
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === 'p:sp') {
      const body = child(node, 'p:txBody');
      if (!body) continue;
      const lines = bodyLines(body);
      const ph = placeholderType(node);
      if (ph === 'title' || ph === 'ctrTitle') out.title.push(...lines);
      else if (ph === 'sldNum' || ph === 'dt' || ph === 'ftr' || ph === 'hdr') continue;
      else out.lines.push(...lines);
    } else if (tag === 'p:grpSp') {
      await collectShapes(pkg, kids(node), rels, out);
    } else if (tag === 'p:graphicFrame') {
      await collectGraphicFrame(pkg, node, rels, out);
    } else if (tag === 'p:pic') {
      for (const blip of descendants([node], 'a:blip')) {
        const rel = rels.get(attr(blip, 'r:embed') ?? '');
        if (rel) out.pictures.push(rel.target);
      }
    } else if (tag === 'mc:AlternateContent') {
      // Choice holds the modern rendering; Fallback the same content for old readers.
      const choice = child(node, 'mc:Choice') ?? child(node, 'mc:Fallback');
      if (choice) await collectShapes(pkg, kids(choice), rels, out);
    }
  }
}

async function collectGraphicFrame(pkg: Package, frame: XmlNode, rels: Map<string, Rel>, out: Collected): Promise<void> {
  for (const tbl of descendants([frame], 'a:tbl')) {
    for (const tr of children(tbl, 'a:tr')) {
      // One line per row keeps a label and its number together ('MRR | $45K').
      const cells = children(tr, 'a:tc').map((tc) => {
        const body = child(tc, 'a:txBody');
        return body ? bodyLines(body).join(' ') : '';
      });
      const line = cells.filter((c) => c !== '').join(' | ');
      if (line !== '') out.lines.push(line);
    }
  }
  for (const relIds of descendants([frame], 'dgm:relIds')) {
    const rel = rels.get(attr(relIds, 'r:dm') ?? '');
    if (!rel || !rel.type.endsWith(REL_DIAGRAM_DATA) || !pkg.has(rel.target)) continue;
    const data = await pkg.xml(rel.target);
    for (const pt of descendants(data, 'dgm:pt')) {
      const type = attr(pt, 'type') ?? 'node';
      if (type !== 'node' && type !== 'doc' && type !== 'asst') continue;
      const t = child(pt, 'dgm:t');
      if (t) out.lines.push(...bodyLines(t));
    }
  }
}

async function readNotes(pkg: Package, part: string): Promise<string> {
  const xml = await pkg.xml(part);
  const lines: string[] = [];
  for (const sp of descendants(xml, 'p:sp')) {
    const ph = placeholderType(sp);
    // Notes pages repeat the slide image, number, header and footer: only the body is notes.
    if (ph !== undefined && ph !== 'body') continue;
    const body = child(sp, 'p:txBody');
    if (body) lines.push(...bodyLines(body));
  }
  return lines.join('\n');
}
