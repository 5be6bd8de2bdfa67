import { DeckError } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import type { DeckText, OcrImage, PageText } from '../model.ts';
import { pictureFits } from '../read/image-size.ts';
import { assessText, normalizeText, ocrNeed } from '../text/text-quality.ts';
import { openPptx, type PptxPackage, type Rel } from './pptx-package.ts';
import { CONTRAST_TIME_BUDGET_MS, stillBusy } from '../pdf/page-legibility.ts';
import { pictureForOcr } from './ocr-picture.ts';
import { measureSlide } from './slide-legibility.ts';
import { readSlideScene } from './slide-scene.ts';
import { DEFAULT_ZIP_LIMITS, type ZipGuardLimits } from './zip-guard.ts';
import {
  attr,
  bodyLines,
  child,
  children,
  descendants,
  kids,
  tagOf,
  type XmlNode,
} from './xml-tree.ts';

export interface PptxReadOptions {
  maxPages?: number;
  zipLimits?: ZipGuardLimits;
  onPage?: (done: number, total: number) => void;
  /** Pictures of slides whose text is sparse, for OCR (PNG/JPEG/BMP only). */
  onOcrImage?: (image: OcrImage) => Promise<void> | void;
  /** Time slides' scenes may be read for text size and contrast (readability); default CONTRAST_TIME_BUDGET_MS. */
  contrastBudgetMs?: number;
  /** Past the budget, slides are still measured while this holds (the deck's OCR is still running elsewhere). */
  contrastWhile?: () => boolean;
}

const REL_NOTES = '/notesSlide';
const REL_DIAGRAM_DATA = '/diagramData';
const OCR_IMAGE_EXT = /\.(png|jpe?g|bmp)$/i;
const MAX_OCR_IMAGE_BYTES = 8 * 1024 * 1024;

export async function readPptx(bytes: Uint8Array, options: PptxReadOptions = {}): Promise<DeckText> {
  const { pkg, slideParts } = await openPptx(bytes, options.zipLimits ?? DEFAULT_ZIP_LIMITS);
  const maxPages = options.maxPages ?? LIMITS.maxPages;
  if (slideParts.length > maxPages) {
    throw new DeckError('too_many_pages', `This presentation has ${slideParts.length} slides; we read decks of at most ${maxPages}.`);
  }
  const pages: PageText[] = [];
  for (const [i, part] of slideParts.entries()) {
    const page = await readSlide(pkg, part, i + 1);
    pages.push(page.text);
    if (page.ocr && options.onOcrImage) {
      const image = await pictureForOcr(page.ocr.image);
      if (image) await options.onOcrImage({ ...page.ocr, image });
    }
    options.onPage?.(i + 1, slideParts.length);
  }
  // Readability (scoring only): text size and contrast of each slide from the scene it is drawn
  // from, within the same time budget as a PDF's contrast (the first slide always); a slide past
  // it, or whose scene cannot be built, keeps them unmeasured.
  if (options.onOcrImage) {
    const until = performance.now() + (options.contrastBudgetMs ?? CONTRAST_TIME_BUDGET_MS);
    for (const [i, page] of pages.entries()) {
      if (i > 0 && performance.now() > until && !(await stillBusy(options.contrastWhile))) break;
      try {
        const read = await readSlideScene(bytes, i + 1);
        if ('scene' in read) pages[i] = { ...page, ...measureSlide(read.scene) };
      } catch {
        // Unmeasured: advice is never worth failing a deck over.
      }
    }
  }
  return { format: 'pptx', pages };
}

async function readSlide(pkg: PptxPackage, part: string, number: number): Promise<{ text: PageText; ocr: OcrImage | null }> {
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
async function collectShapes(pkg: PptxPackage, nodes: readonly XmlNode[], rels: Map<string, Rel>, out: Collected): Promise<void> {
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

async function collectGraphicFrame(pkg: PptxPackage, frame: XmlNode, rels: Map<string, Rel>, out: Collected): Promise<void> {
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

async function readNotes(pkg: PptxPackage, part: string): Promise<string> {
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
