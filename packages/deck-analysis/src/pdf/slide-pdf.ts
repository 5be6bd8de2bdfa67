import { PNG } from 'pngjs';
import type { Rgb } from '../pptx/drawing-color.ts';
import type { Crop, SceneItem, SlideScene, Stroke, Turn } from '../pptx/slide-scene.ts';
import type { Box } from '../pptx/slide-text.ts';
import type { Pdfium } from './pdfium.ts';

/**
 * A slide scene (pptx/slide-scene.ts) as a one-page PDF built in memory with PDFium's
 * edit API, so that it is drawn by the same renderer, at the same size and within the same
 * bounds as a page of a PDF deck. Text is set in the standard Helvetica fonts (no font file
 * is loaded or embedded). A PNG is decoded here (pngjs) and handed over as a bitmap no
 * larger than the pixels it covers in the output; a JPEG is handed over encoded, or
 * decoded by PDFium and cut when the slide crops it.
 */
export interface SlidePage {
  doc: number;
  page: number;
  /** Closes the page and the document and frees what they were built from. */
  close(): void;
}

const FILL_WINDING = 2;
/** Control point distance of a quarter ellipse drawn as a cubic Bezier curve. */
const KAPPA = 0.5523;

export function buildSlidePage(pdfium: Pdfium, scene: SlideScene, pxPerPt: number): SlidePage {
  const doc = pdfium.FPDF_CreateNewDocument();
  if (!doc) throw new Error('PDFium could not create a document');
  const held: number[] = [];
  const page = pdfium.FPDFPage_New(doc, 0, scene.width, scene.height);
  const close = () => {
    if (page) pdfium.FPDF_ClosePage(page);
    pdfium.FPDF_CloseDocument(doc);
    for (const ptr of held) pdfium.free(ptr);
  };
  try {
    if (!page) throw new Error('PDFium could not create a page');
    const ctx: Ctx = { pdfium, doc, page, height: scene.height, pxPerPt, held, fonts: new Map() };
    pdfium.FPDFPage_InsertObject(
      page,
      makeShape(ctx, { x: 0, y: 0, w: scene.width, h: scene.height }, 'rect', scene.background, null),
    );
    for (const item of scene.items) drawItem(ctx, item);
    if (!pdfium.FPDFPage_GenerateContent(page)) throw new Error('PDFium could not write the page');
    return { doc, page, close };
  } catch (e) {
    close();
    throw e;
  }
}

interface Ctx {
  pdfium: Pdfium;
  doc: number;
  page: number;
  /** Page height in points: slide y runs down, PDF y runs up. */
  height: number;
  pxPerPt: number;
  /** Heap memory kept until the page is closed. */
  held: number[];
  fonts: Map<string, number>;
}

function drawItem(ctx: Ctx, item: SceneItem): void {
  const objects: number[] = [];
  if (item.kind === 'shape') objects.push(makeShape(ctx, item.box, item.geometry, item.fill, item.stroke));
  else if (item.kind === 'line') objects.push(makeShape(ctx, item.box, 'line', null, item.stroke));
  else if (item.kind === 'text')
    for (const run of item.runs) objects.push(makeText(ctx, run.text, run.x, run.y, run.scaleX, run.style));
  else objects.push(makePicture(ctx, item.box, item.format, item.bytes, item.crop));
  const turn = item.turn && turnMatrix(item.turn, item.box, ctx.height);
  for (const object of objects) {
    if (!object) continue;
    if (turn) ctx.pdfium.FPDFPageObj_Transform(object, ...turn);
    ctx.pdfium.FPDFPage_InsertObject(ctx.page, object);
  }
}

/**
 * The PDF matrix turning an object about its box's centre: mirrored (flips), then rotated
 * clockwise on the slide (counter-clockwise in PDF space, whose y axis points up).
 */
export function turnMatrix(turn: Turn, box: Box, pageHeight: number): [number, number, number, number, number, number] {
  const phi = (-turn.degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  const [fx, fy] = [turn.flipH ? -1 : 1, turn.flipV ? -1 : 1];
  const [a, b, c, d] = [cos * fx, sin * fx, -sin * fy, cos * fy];
  const [cx, cy] = [box.x + box.w / 2, pageHeight - box.y - box.h / 2];
  return [a, b, c, d, cx - (a * cx + c * cy), cy - (b * cx + d * cy)];
}

function makeShape(
  ctx: Ctx,
  box: Box,
  geometry: 'rect' | 'ellipse' | 'line',
  fill: Rgb | null,
  stroke: Stroke | null,
): number {
  const { pdfium } = ctx;
  const bottom = ctx.height - box.y - box.h;
  let path: number;
  if (geometry === 'rect') path = pdfium.FPDFPageObj_CreateNewRect(box.x, bottom, box.w, box.h);
  else if (geometry === 'line') {
    path = pdfium.FPDFPageObj_CreateNewPath(box.x, bottom + box.h);
    if (path) pdfium.FPDFPath_LineTo(path, box.x + box.w, bottom);
  } else {
    const [cx, cy, rx, ry] = [box.x + box.w / 2, bottom + box.h / 2, box.w / 2, box.h / 2];
    const [kx, ky] = [rx * KAPPA, ry * KAPPA];
    path = pdfium.FPDFPageObj_CreateNewPath(cx + rx, cy);
    if (path) {
      pdfium.FPDFPath_BezierTo(path, cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry);
      pdfium.FPDFPath_BezierTo(path, cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy);
      pdfium.FPDFPath_BezierTo(path, cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry);
      pdfium.FPDFPath_BezierTo(path, cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy);
      pdfium.FPDFPath_Close(path);
    }
  }
  if (!path) throw new Error('PDFium could not create a path');
  if (fill) pdfium.FPDFPageObj_SetFillColor(path, fill.r, fill.g, fill.b, 255);
  if (stroke) {
    pdfium.FPDFPageObj_SetStrokeColor(path, stroke.color.r, stroke.color.g, stroke.color.b, 255);
    pdfium.FPDFPageObj_SetStrokeWidth(path, stroke.width);
  }
  pdfium.FPDFPath_SetDrawMode(path, fill ? FILL_WINDING : 0, stroke ? 1 : 0);
  return path;
}

function fontName(bold: boolean, italic: boolean): string {
  return `Helvetica${bold || italic ? '-' : ''}${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}`;
}

/** A NUL-terminated copy of `bytes` in PDFium's heap, freed with the page. */
function heapCopy(ctx: Ctx, bytes: Uint8Array, terminator = 0): number {
  const ptr = ctx.pdfium.malloc(bytes.length + terminator);
  if (!ptr) throw new Error('PDFium is out of memory');
  ctx.held.push(ptr);
  ctx.pdfium.HEAPU8.set(bytes, ptr);
  ctx.pdfium.HEAPU8.fill(0, ptr + bytes.length, ptr + bytes.length + terminator);
  return ptr;
}

function makeText(
  ctx: Ctx,
  text: string,
  x: number,
  baseline: number,
  scaleX: number,
  style: { size: number; bold: boolean; italic: boolean; color: Rgb },
): number {
  const { pdfium } = ctx;
  const name = fontName(style.bold, style.italic);
  let font = ctx.fonts.get(name);
  if (font === undefined) {
    font = heapCopy(ctx, new TextEncoder().encode(name), 1);
    ctx.fonts.set(name, font);
  }
  const object = pdfium.FPDFPageObj_NewTextObj(ctx.doc, font, style.size);
  if (!object) throw new Error('PDFium could not create a text object');
  const utf16 = Buffer.from(text, 'utf16le');
  if (!pdfium.FPDFText_SetText(object, heapCopy(ctx, utf16, 2))) {
    pdfium.FPDFPageObj_Destroy(object);
    return 0;
  }
  pdfium.FPDFPageObj_SetFillColor(object, style.color.r, style.color.g, style.color.b, 255);
  pdfium.FPDFPageObj_Transform(object, scaleX, 0, 0, 1, x, ctx.height - baseline);
  return object;
}

/** The picture as an image object in `box`, or 0 when it cannot be read (left out, as other unsupported content). */
function makePicture(ctx: Ctx, box: Box, format: 'png' | 'jpeg', bytes: Uint8Array, crop: Crop | null): number {
  const { pdfium } = ctx;
  const image = pdfium.FPDFPageObj_NewImageObj(ctx.doc);
  if (!image) throw new Error('PDFium could not create an image');
  let placed = false;
  try {
    if (format === 'jpeg' && !crop)
      placed = !!pdfium.EPDFImageObj_SetJpeg(0, 0, image, heapCopy(ctx, bytes), bytes.length);
    else {
      const pixels = format === 'png' ? decodePng(bytes) : decodeJpeg(ctx, image, bytes);
      if (pixels)
        placed = setPixels(
          ctx,
          image,
          fitPixels(pixels, crop, Math.ceil(box.w * ctx.pxPerPt), Math.ceil(box.h * ctx.pxPerPt)),
        );
    }
    if (placed) pdfium.FPDFImageObj_SetMatrix(image, box.w, 0, 0, box.h, box.x, ctx.height - box.y - box.h);
    return placed ? image : 0;
  } finally {
    if (!placed) pdfium.FPDFPageObj_Destroy(image);
  }
}

/** RGBA pixels, rows top to bottom. */
interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

function decodePng(bytes: Uint8Array): Pixels | null {
  try {
    const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { width: png.width, height: png.height, data: png.data };
  } catch {
    return null;
  }
}

/** A JPEG decoded by PDFium (to crop it), as RGBA. */
function decodeJpeg(ctx: Ctx, image: number, bytes: Uint8Array): Pixels | null {
  const { pdfium } = ctx;
  if (!pdfium.EPDFImageObj_SetJpeg(0, 0, image, heapCopy(ctx, bytes), bytes.length)) return null;
  const bitmap = pdfium.FPDFImageObj_GetBitmap(image);
  if (!bitmap) return null;
  try {
    const width = pdfium.FPDFBitmap_GetWidth(bitmap);
    const height = pdfium.FPDFBitmap_GetHeight(bitmap);
    const format = pdfium.FPDFBitmap_GetFormat(bitmap);
    const stride = pdfium.FPDFBitmap_GetStride(bitmap);
    const base = pdfium.FPDFBitmap_GetBuffer(bitmap);
    const step = format === 1 ? 1 : format === 2 ? 3 : 4;
    if (format < 1 || format > 4 || !base) return null;
    const heap = pdfium.HEAPU8;
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0, i = base + y * stride, o = y * width * 4; x < width; x++, i += step, o += 4) {
        data[o] = heap[step === 1 ? i : i + 2]!;
        data[o + 1] = heap[step === 1 ? i : i + 1]!;
        data[o + 2] = heap[i]!;
        data[o + 3] = format === 4 ? heap[i + 3]! : 255;
      }
    }
    return { width, height, data };
  } finally {
    pdfium.FPDFBitmap_Destroy(bitmap);
  }
}

/** The picture cut as the slide crops it, then scaled down (area average) to at most `maxW` x `maxH`. */
export function fitPixels(src: Pixels, crop: Crop | null, maxW: number, maxH: number): Pixels {
  const x0 = Math.floor(src.width * (crop?.l ?? 0));
  const y0 = Math.floor(src.height * (crop?.t ?? 0));
  const cw = Math.max(1, Math.ceil(src.width * (1 - (crop?.r ?? 0))) - x0);
  const ch = Math.max(1, Math.ceil(src.height * (1 - (crop?.b ?? 0))) - y0);
  const width = Math.max(1, Math.min(cw, maxW));
  const height = Math.max(1, Math.min(ch, maxH));
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy0 = y0 + Math.floor((y * ch) / height);
    const sy1 = Math.max(sy0 + 1, y0 + Math.floor(((y + 1) * ch) / height));
    for (let x = 0; x < width; x++) {
      const sx0 = x0 + Math.floor((x * cw) / width);
      const sx1 = Math.max(sx0 + 1, x0 + Math.floor(((x + 1) * cw) / width));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = sy0; sy < sy1; sy++) {
        for (let sx = sx0, i = (sy * src.width + sx0) * 4; sx < sx1; sx++, i += 4) {
          r += src.data[i]!;
          g += src.data[i + 1]!;
          b += src.data[i + 2]!;
          a += src.data[i + 3]!;
        }
      }
      const n = (sy1 - sy0) * (sx1 - sx0);
      const o = (y * width + x) * 4;
      data[o] = r / n;
      data[o + 1] = g / n;
      data[o + 2] = b / n;
      data[o + 3] = a / n;
    }
  }
  return { width, height, data };
}

/** RGBA pixels as the image's bitmap (PDFium keeps alpha as a soft mask). */
function setPixels(ctx: Ctx, image: number, pixels: Pixels): boolean {
  const { pdfium } = ctx;
  const bitmap = pdfium.FPDFBitmap_Create(pixels.width, pixels.height, 1);
  if (!bitmap) return false;
  try {
    const stride = pdfium.FPDFBitmap_GetStride(bitmap);
    const base = pdfium.FPDFBitmap_GetBuffer(bitmap);
    const heap = pdfium.HEAPU8;
    for (let y = 0; y < pixels.height; y++) {
      for (let x = 0, i = y * pixels.width * 4, o = base + y * stride; x < pixels.width; x++, i += 4, o += 4) {
        heap[o] = pixels.data[i + 2]!;
        heap[o + 1] = pixels.data[i + 1]!;
        heap[o + 2] = pixels.data[i]!;
        heap[o + 3] = pixels.data[i + 3]!;
      }
    }
    return !!pdfium.FPDFImageObj_SetBitmap(0, 0, image, bitmap);
  } finally {
    pdfium.FPDFBitmap_Destroy(bitmap);
  }
}
