/**
 * Decks with known content, built in code for tests and the benchmark (never shipped
 * fixtures): PPTX through JSZip, PDF through pdfkit (text, image-only, encrypted),
 * legacy PPT through cfb with hand-written records. Test support only.
 */
import { createCanvas } from '@napi-rs/canvas';
import CFB from 'cfb';
import JSZip from 'jszip';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { pgmHeaderLength } from '../ocr/pgm.ts';
import { readPdf } from '../pdf/pdf-reader.ts';
import { RT } from '../ppt/records.ts';

export interface SlideSpec {
  title?: string;
  lines?: string[];
  table?: string[][];
  /** Text boxes nested two groups deep. */
  group?: string[];
  smartArt?: string[];
  notes?: string;
  /** A PNG placed on the slide. */
  image?: Uint8Array;
}

const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const para = (t: string) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${esc(t)}</a:t></a:r></a:p>`;
let shapeId = 10;
const sp = (lines: string[], ph?: string) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="${shapeId++}" name="s"/><p:cNvSpPr/><p:nvPr>${ph ? `<p:ph type="${ph}"/>` : ''}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>${lines.map(para).join('')}</p:txBody></p:sp>`;

function slideXml(s: SlideSpec, rels: { diagram?: string; image?: string }): string {
  const parts: string[] = [];
  if (s.title) parts.push(sp([s.title], 'title'));
  if (s.lines?.length) parts.push(sp(s.lines));
  if (s.table) {
    const rows = s.table.map((r) => `<a:tr h="0">${r.map((c) => `<a:tc><a:txBody><a:bodyPr/>${para(c)}</a:txBody></a:tc>`).join('')}</a:tr>`).join('');
    parts.push(
      `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${shapeId++}" name="t"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl>${rows}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`,
    );
  }
  if (s.group?.length) {
    const [first, ...rest] = s.group;
    parts.push(`<p:grpSp><p:nvGrpSpPr><p:cNvPr id="${shapeId++}" name="g"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${sp([first!])}<p:grpSp><p:nvGrpSpPr><p:cNvPr id="${shapeId++}" name="g2"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${sp(rest)}</p:grpSp></p:grpSp>`);
  }
  if (rels.diagram) {
    parts.push(
      `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${shapeId++}" name="d"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/diagram"><dgm:relIds xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" r:dm="${rels.diagram}" r:lo="" r:qs="" r:cs=""/></a:graphicData></a:graphic></p:graphicFrame>`,
    );
  }
  if (rels.image) {
    parts.push(`<p:pic><p:nvPicPr><p:cNvPr id="${shapeId++}" name="i"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="${rels.image}"/></p:blipFill><p:spPr/></p:pic>`);
  }
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld ${NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${parts.join('')}</p:spTree></p:cSld></p:sld>`;
}

const relsXml = (rels: Array<[string, string, string]>) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`)
    .join('')}</Relationships>`;

export interface PptxOptions {
  /** Store slide files in reverse name order, so only presentation.xml gives the order. */
  shuffleFiles?: boolean;
}

export async function makePptx(slides: SlideSpec[], options: PptxOptions = {}): Promise<Uint8Array> {
  const zip = new JSZip();
  const n = slides.length;
  const fileOf = (i: number) => (options.shuffleFiles ? n - i : i + 1);
  const overrides = slides.map((_, i) => `<Override PartName="/ppt/slides/slide${fileOf(i)}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`).join('');
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${overrides}</Types>`,
  );
  zip.file('_rels/.rels', relsXml([['rId1', 'officeDocument', 'ppt/presentation.xml']]));
  zip.file(
    'ppt/presentation.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:presentation ${NS}><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 2}"/>`).join('')}</p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/></p:presentation>`,
  );
  zip.file('ppt/_rels/presentation.xml.rels', relsXml(slides.map((_, i) => [`rId${i + 2}`, 'slide', `slides/slide${fileOf(i)}.xml`])));
  slides.forEach((s, i) => {
    const k = fileOf(i);
    const rels: Array<[string, string, string]> = [];
    const ids: { diagram?: string; image?: string } = {};
    if (s.notes) {
      rels.push(['rId2', 'notesSlide', `../notesSlides/notesSlide${k}.xml`]);
      zip.file(
        `ppt/notesSlides/notesSlide${k}.xml`,
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:notes ${NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${sp(['1'], 'sldNum')}${sp(s.notes.split('\n'), 'body')}</p:spTree></p:cSld></p:notes>`,
      );
    }
    if (s.smartArt) {
      ids.diagram = 'rId3';
      rels.push(['rId3', 'diagramData', `../diagrams/data${k}.xml`]);
      const pts = s.smartArt.map((t, j) => `<dgm:pt modelId="${j + 1}"><dgm:prSet/><dgm:spPr/><dgm:t><a:bodyPr/>${para(t)}</dgm:t></dgm:pt>`).join('');
      zip.file(
        `ppt/diagrams/data${k}.xml`,
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><dgm:ptLst><dgm:pt modelId="0" type="doc"><dgm:prSet/><dgm:spPr/></dgm:pt>${pts}<dgm:pt modelId="99" type="parTrans"><dgm:t><a:bodyPr/>${para('connector')}</dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>`,
      );
    }
    if (s.image) {
      ids.image = 'rId4';
      rels.push(['rId4', 'image', `../media/image${k}.png`]);
      zip.file(`ppt/media/image${k}.png`, s.image);
    }
    zip.file(`ppt/slides/slide${k}.xml`, slideXml(s, ids));
    if (rels.length) zip.file(`ppt/slides/_rels/slide${k}.xml.rels`, relsXml(rels));
  });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

function pdfBytes(build: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [960, 540], margin: 48, autoFirstPage: false, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    build(doc);
    doc.end();
  });
}

/** A text PDF: one page per slide, title large, lines below. */
export function makeTextPdf(slides: SlideSpec[], options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  return pdfBytes((doc) => {
    for (const s of slides) {
      doc.addPage();
      writeSlide(doc, s);
    }
  }, options);
}

function writeSlide(doc: PDFKit.PDFDocument, s: SlideSpec, width?: number): void {
  if (s.title) doc.font('Helvetica-Bold').fontSize(30).text(s.title, { width }).moveDown(0.5);
  doc.font('Helvetica').fontSize(16);
  for (const line of s.lines ?? []) doc.text(line, { width });
}

/** A piece of text drawn at a given place: x and y (top) in points from the top left. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  size?: number;
  bold?: boolean;
}

/**
 * A text PDF whose pages hold text drawn exactly where and in the order given, as
 * exporters do for multi-column slides and metric grids (rows of both columns in turn).
 */
export function makePlacedTextPdf(pages: PlacedText[][]): Promise<Uint8Array> {
  return pdfBytes((doc) => {
    for (const items of pages) {
      doc.addPage();
      for (const t of items) doc.font(t.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(t.size ?? 16).text(t.text, t.x, t.y, { lineBreak: false });
    }
  });
}

/**
 * Landscape slides printed sideways on portrait pages, as some exports do: the text
 * runs up the page (turned 90 degrees counter-clockwise), or down it with `turn: 270`.
 */
export function makeSidewaysPdf(slides: SlideSpec[], turn: 90 | 270 = 90): Promise<Uint8Array> {
  return pdfBytes((doc) => {
    for (const s of slides) {
      doc.addPage({ size: 'A4', layout: 'portrait', margin: 0 });
      const { width, height } = doc.page;
      doc.save();
      // pdfkit's y axis points down: a negative angle turns counter-clockwise on the page.
      if (turn === 90) doc.translate(0, height).rotate(-90, { origin: [0, 0] });
      else doc.translate(width, 0).rotate(90, { origin: [0, 0] });
      doc.x = 50;
      doc.y = 50;
      writeSlide(doc, s, height - 100);
      doc.restore();
    }
  });
}

/** Grey PGM pixels to a PNG (pdfkit embeds PNG and JPEG only). */
async function pgmToPng(pgm: Uint8Array): Promise<Uint8Array> {
  const header = pgmHeaderLength(pgm);
  const [, width = 0, height = 0] = new TextDecoder().decode(pgm.subarray(0, header)).split(/\s+/).map(Number);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(width, height);
  for (let i = 0; i < width * height; i++) {
    const v = pgm[header + i]!;
    image.data.set([v, v, v, 255], i * 4);
  }
  ctx.putImageData(image, 0, 0);
  return new Uint8Array(await canvas.encode('png'));
}

/** PNG pictures of the slides' text (what a scanned or exported-as-images deck holds). */
export function slideImages(slides: SlideSpec[], longSide = 1200): Promise<Uint8Array[]> {
  return makeTextPdf(slides).then((pdf) => pageImages(pdf, longSide));
}

/** PNG pictures of a PDF's pages, as they are drawn. */
export async function pageImages(pdf: Uint8Array, longSide = 1200): Promise<Uint8Array[]> {
  const images: Uint8Array[] = [];
  await readPdf(pdf, {
    // Every page, however much text it has: tell the reader each one needs OCR.
    forceRender: true,
    renderLongSide: longSide,
    onOcrImage: async ({ image }) => void images.push(await pgmToPng(image)),
  });
  return images;
}

/** An image-only PDF: every page is a picture of text, with no text layer. */
export async function makeImagePdf(slides: SlideSpec[]): Promise<Uint8Array> {
  return pdfOfImages(await slideImages(slides));
}

/** An image-only PDF: one page per picture, each filling a page of its own shape (960 points wide), no text layer. */
export function pdfOfImages(images: Array<{ png: Uint8Array; width: number; height: number }> | Uint8Array[]): Promise<Uint8Array> {
  return pdfBytes((doc) => {
    for (const image of images) {
      const { png, width, height } = image instanceof Uint8Array ? { png: image, width: 960, height: 540 } : image;
      const h = Math.round((960 * height) / width);
      doc.addPage({ size: [960, h], margin: 0 });
      doc.image(Buffer.from(png), 0, 0, { width: 960, height: h });
    }
  });
}

/** A PDF whose page tree claims `count` pages while holding one (as fuzzed files do). */
/**
 * One page drawing a single grey-scale image of `side` x `side` pixels, white with a
 * black band across its top tenth (ink on a page, as OCR looks for it). With
 * `bomb`, the image claims its size with 4 bytes of data: decoding it would allocate
 * side^2 bytes anyway. Otherwise its pixels are there, deflated.
 */
export function makeBigImagePdf(side: number, bomb = false): Uint8Array {
  // The image covers the page's lower half: drawn, black pixels stand out from white paper.
  const content = 'q 612 0 0 396 0 0 cm /Im1 Do Q';
  const pixels = bomb ? new Uint8Array(4) : deflateSync(new Uint8Array(side * side).fill(255, Math.ceil(side / 10) * side));
  const filter = bomb ? '' : ' /Filter /FlateDecode';
  const text = (t: string) => Buffer.from(t, 'latin1');
  return new Uint8Array(
    Buffer.concat([
      text(
        [
          '%PDF-1.4',
          '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
          '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
          '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >> endobj',
          `4 0 obj << /Length ${content.length} >> stream\n${content}\nendstream endobj`,
          `5 0 obj << /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8${filter} /Length ${pixels.length} >> stream\n`,
        ].join('\n'),
      ),
      pixels,
      text('\nendstream endobj\ntrailer << /Root 1 0 R /Size 6 >>\n%%EOF'),
    ]),
  );
}

export function makeLyingPageCountPdf(count: number): Uint8Array {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    `2 0 obj << /Type /Pages /Kids [3 0 R] /Count ${count} >> endobj`,
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj',
    'trailer << /Root 1 0 R /Size 4 >>',
    '%%EOF',
  ].join('\n');
  return new TextEncoder().encode(body);
}

// --- legacy .ppt ---------------------------------------------------------------

function rec(type: number, body: Uint8Array, container = false, instance = 0): Uint8Array {
  const out = new Uint8Array(8 + body.length);
  const v = new DataView(out.buffer);
  v.setUint16(0, (container ? 0x0f : 0) | (instance << 4), true);
  v.setUint16(2, type, true);
  v.setUint32(4, body.length, true);
  out.set(body, 8);
  return out;
}
const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
const u32s = (...xs: number[]) => {
  const b = new Uint8Array(xs.length * 4);
  const v = new DataView(b.buffer);
  xs.forEach((x, i) => v.setUint32(i * 4, x >>> 0, true));
  return b;
};
const chars = (s: string) => rec(RT.TextCharsAtom, new Uint8Array(Buffer.from(s.replace(/\n/g, '\r'), 'utf16le')));
const bytesAtom = (s: string) => rec(RT.TextBytesAtom, new Uint8Array(Buffer.from(s.replace(/\n/g, '\r'), 'latin1')));
const textHeader = (type: number) => rec(RT.TextHeaderAtom, u32s(type));
const drawing = (textType: number, text: string) =>
  rec(RT.PPDrawing, rec(0xf002, rec(0xf003, rec(0xf004, rec(0xf00d, cat(textHeader(textType), chars(text)), true), true), true), true), true);

export interface PptOptions {
  /** Write the 'Current User' header token of an encrypted document. */
  encryptedToken?: boolean;
  /** Break the UserEditAtom offset so only the record walk can read the file. */
  breakEditChain?: boolean;
  /** Set the body lines at this size (points) in a StyleTextPropAtom, on a 720 × 540 pt slide. */
  bodySize?: number;
}

/** A StyleTextPropAtom over `length` characters: one paragraph run with no properties, one character run setting its size. */
function sizeStyle(length: number, size: number): Uint8Array {
  const body = new Uint8Array(10 + 10);
  const v = new DataView(body.buffer);
  v.setUint32(0, length + 1, true); // the paragraph run, closing mark included; indent 0; no properties
  v.setUint32(10, length + 1, true);
  v.setUint32(14, 0x20000, true); // the character run sets its size
  v.setUint16(18, size, true);
  return rec(RT.StyleTextPropAtom, body);
}

/**
 * A PowerPoint 97-2003 file: Document with SlideListWithText (titles as TextCharsAtom,
 * body as TextBytesAtom), Slide containers with an extra text box in their drawing,
 * Notes containers, persist directory, UserEditAtom and Current User stream. Slides are
 * written in reverse order in the stream, so only the persist directory gives the order.
 */
export function makePpt(slides: SlideSpec[], options: PptOptions = {}): Uint8Array {
  const n = slides.length;
  // persist ids: 1 document, 2..n+1 slides, n+2.. notes
  const slideRecs = slides.map((s, i) =>
    rec(
      RT.Slide,
      cat(rec(RT.SlideAtom, cat(u32s(0), new Uint8Array(8), u32s(0, s.notes ? 0x200 + i : 0), new Uint8Array(4))), drawing(4, (s.group ?? []).join('\n'))),
      true,
    ),
  );
  const notesRecs = slides.map((s, i) => (s.notes ? rec(RT.Notes, cat(rec(RT.NotesAtom, u32s(0x100 + i, 0)), drawing(2, s.notes)), true) : null));
  const slwt = rec(
    RT.SlideListWithText,
    cat(
      ...slides.flatMap((s, i) => [
        rec(RT.SlidePersistAtom, u32s(2 + i, 0, 2, 0x100 + i, 0)),
        ...(s.title ? [textHeader(0), chars(s.title)] : []),
        ...(s.lines?.length ? [textHeader(1), bytesAtom(s.lines.join('\n'))] : []),
        ...(s.lines?.length && options.bodySize ? [sizeStyle(s.lines.join('\n').length, options.bodySize)] : []),
      ]),
    ),
    true,
    0,
  );
  const notesList = rec(
    RT.SlideListWithText,
    cat(...slides.flatMap((s, i) => (s.notes ? [rec(RT.SlidePersistAtom, u32s(n + 2 + i, 0, 0, 0x200 + i, 0))] : []))),
    true,
    2,
  );
  // DocumentAtom: the slide size in master units (576 an inch), 720 × 540 pt when sizes are set.
  const docAtom = cat(options.bodySize ? u32s(720 * 8, 540 * 8) : new Uint8Array(8), new Uint8Array(32));
  const docRec = rec(RT.Document, cat(rec(RT.DocumentAtom, docAtom), slwt, notesList), true);
  const parts: Uint8Array[] = [docRec];
  const offsets = new Map<number, number>();
  let offset = docRec.length;
  offsets.set(1, 0);
  for (let i = n - 1; i >= 0; i--) {
    offsets.set(2 + i, offset);
    parts.push(slideRecs[i]!);
    offset += slideRecs[i]!.length;
  }
  notesRecs.forEach((r, i) => {
    if (!r) return;
    offsets.set(n + 2 + i, offset);
    parts.push(r);
    offset += r.length;
  });
  const maxId = Math.max(...offsets.keys());
  const entries: number[] = [];
  for (let id = 1; id <= maxId; id++) entries.push(offsets.get(id) ?? 0);
  const dir = rec(RT.PersistDirectoryAtom, u32s(((maxId & 0xfff) << 20) | 1, ...entries));
  const dirOffset = offset;
  parts.push(dir);
  offset += dir.length;
  const edit = rec(RT.UserEditAtom, cat(u32s(0), new Uint8Array([0, 0, 0, 3]), u32s(0, dirOffset, 1, maxId + 1), new Uint8Array(4)));
  const editOffset = offset;
  parts.push(edit);
  const stream = cat(...parts);
  const token = options.encryptedToken ? 0xf3d1c4df : 0xe391c05f;
  const currentUser = rec(RT.CurrentUserAtom, cat(u32s(20, token, options.breakEditChain ? editOffset + 3 : editOffset), new Uint8Array([0, 0, 0xf4, 0x03, 3, 0, 0, 0])));
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, 'PowerPoint Document', Buffer.from(stream));
  CFB.utils.cfb_add(cfb, 'Current User', Buffer.from(currentUser));
  return new Uint8Array(CFB.write(cfb, { type: 'buffer' }) as Buffer);
}

// --- zip bombs -------------------------------------------------------------------

/** A .pptx whose slide inflates to `bytes` of repeated XML (honestly declared). */
export async function makeZipBomb(bytes: number): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await makePptx([{ title: 'Bomb', lines: ['x'] }]));
  zip.file('ppt/slides/slide1.xml', Buffer.alloc(bytes, 0x20));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** The same bomb with its sizes rewritten to claim a small entry: only counting catches it. */
export async function makeLyingZipBomb(bytes: number, claimed = 2048): Promise<Uint8Array> {
  const out = (await makeZipBomb(bytes)).slice();
  const v = new DataView(out.buffer);
  const name = new TextEncoder().encode('ppt/slides/slide1.xml');
  for (let p = 0; p + 46 < out.length; p++) {
    const sig = v.getUint32(p, true);
    const isCen = sig === 0x02014b50;
    const isLoc = sig === 0x04034b50;
    if (!isCen && !isLoc) continue;
    const nameLen = v.getUint16(p + (isCen ? 28 : 26), true);
    const at = p + (isCen ? 46 : 30);
    const n = out.subarray(at, at + nameLen);
    if (nameLen !== name.length || !n.every((b, i) => b === name[i])) continue;
    v.setUint32(p + (isCen ? 24 : 22), claimed, true);
  }
  return out;
}

/** A .pptx with more entries than any deck has. */
export async function makeManyEntriesZip(entries: number): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await makePptx([{ title: 'Many', lines: ['x'] }]));
  for (let i = 0; i < entries; i++) zip.file(`ppt/media/junk${i}.bin`, 'x');
  return zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
}
