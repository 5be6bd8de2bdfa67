import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * PDFium (the PDF engine of Chrome) compiled to WebAssembly, from @embedpdf/pdfium:
 * reads the text layer of PDFs (2-4x faster than pdf.js on text-heavy decks, within
 * 2x of poppler's pdftotext) and draws pages for OCR (see
 * docs/decisions/0005-pdfium-reads-and-draws-pdfs.md).
 * The .wasm file ships in the package and is read from node_modules: nothing is
 * fetched at run time. One instance per thread, created on first use.
 *
 * Only the C functions this package calls are typed here, taken straight from the
 * module's exports (the package's wrappers check arguments on every call, which
 * doubled the time of a 100-page deck). Pointers are numbers into the module's heap;
 * see fpdfview.h and fpdf_text.h for the contracts.
 */
const FUNCTIONS = [
  'malloc',
  'free',
  'FPDF_LoadMemDocument',
  'FPDF_GetLastError',
  'FPDF_GetPageCount',
  'FPDF_LoadPage',
  'FPDF_GetPageWidthF',
  'FPDF_GetPageHeightF',
  'FPDFPage_GetRotation',
  'FPDF_ClosePage',
  'FPDF_CloseDocument',
  'FPDFText_LoadPage',
  'FPDFText_CountChars',
  'FPDFText_GetUnicode',
  'FPDFText_IsGenerated',
  'FPDFText_GetLooseCharBox',
  'FPDFText_GetCharAngle',
  'FPDFText_ClosePage',
  // Readability (readability.ts): each character's colour and how it is drawn.
  'FPDFText_GetFillColor',
  'FPDFText_GetFontSize',
  'FPDFText_GetMatrix',
  'FPDFText_GetTextObject',
  'FPDFTextObj_GetTextRenderMode',
  'FPDFPage_CountObjects',
  'FPDFPage_GetObject',
  'FPDFPageObj_GetType',
  'FPDFImageObj_GetImagePixelSize',
  'FPDFFormObj_CountObjects',
  'FPDFFormObj_GetObject',
  'FPDFBitmap_Create',
  'FPDFBitmap_FillRect',
  'FPDFBitmap_GetBuffer',
  'FPDFBitmap_GetStride',
  'FPDFBitmap_Destroy',
  'FPDF_RenderPageBitmap',
  // Building a page (slides of .pptx decks are drawn as one-page PDFs, see slide-pdf.ts).
  'FPDF_CreateNewDocument',
  'FPDFPage_New',
  'FPDFPage_InsertObject',
  'FPDFPage_GenerateContent',
  'FPDFPageObj_Destroy',
  'FPDFPageObj_CreateNewRect',
  'FPDFPageObj_CreateNewPath',
  'FPDFPath_MoveTo',
  'FPDFPath_LineTo',
  'FPDFPath_BezierTo',
  'FPDFPath_Close',
  'FPDFPath_SetDrawMode',
  'FPDFPageObj_SetFillColor',
  'FPDFPageObj_SetStrokeColor',
  'FPDFPageObj_SetStrokeWidth',
  'FPDFPageObj_Transform',
  'FPDFPageObj_NewTextObj',
  'FPDFText_SetText',
  'FPDFPageObj_NewImageObj',
  'FPDFImageObj_SetMatrix',
  'FPDFImageObj_SetBitmap',
  'FPDFImageObj_GetBitmap',
  'EPDFImageObj_SetJpeg',
  'FPDFBitmap_GetWidth',
  'FPDFBitmap_GetHeight',
  'FPDFBitmap_GetFormat',
] as const;

export interface Pdfium {
  /** The module's heap; a fresh view on every read, as the heap may grow between calls. */
  readonly HEAPU8: Uint8Array;
  readonly HEAPF32: Float32Array;
  malloc(size: number): number;
  free(ptr: number): void;
  FPDF_LoadMemDocument(data: number, size: number, password: number): number;
  FPDF_GetLastError(): number;
  FPDF_GetPageCount(doc: number): number;
  FPDF_LoadPage(doc: number, index: number): number;
  FPDF_GetPageWidthF(page: number): number;
  FPDF_GetPageHeightF(page: number): number;
  FPDFPage_GetRotation(page: number): number;
  FPDF_ClosePage(page: number): void;
  FPDF_CloseDocument(doc: number): void;
  FPDFText_LoadPage(page: number): number;
  FPDFText_CountChars(textPage: number): number;
  FPDFText_GetUnicode(textPage: number, index: number): number;
  FPDFText_IsGenerated(textPage: number, index: number): number;
  /** Writes FS_RECTF {left, top, right, bottom} (4 floats) at rect. */
  FPDFText_GetLooseCharBox(textPage: number, index: number, rect: number): number;
  /** Radians in [0, 2pi), clockwise (checked on a deck printed sideways); -1 on error. */
  FPDFText_GetCharAngle(textPage: number, index: number): number;
  FPDFText_ClosePage(textPage: number): void;
  /** Writes the character's fill colour as four uint32 (r, g, b, a) at r, g, b, a. */
  FPDFText_GetFillColor(textPage: number, index: number, r: number, g: number, b: number, a: number): number;
  /** The font size the character's text object sets (often 1, the size then being in its matrix); 0 on error. */
  FPDFText_GetFontSize(textPage: number, index: number): number;
  /** Writes the character's FS_MATRIX {a, b, c, d, e, f} (6 floats) at matrix: its text matrix on the page, forms included. */
  FPDFText_GetMatrix(textPage: number, index: number, matrix: number): number;
  FPDFText_GetTextObject(textPage: number, index: number): number;
  /** FPDF_TEXTRENDERMODE: 0 fill, 1 stroke, 2 fill+stroke, 3 invisible, ...; -1 unknown. */
  FPDFTextObj_GetTextRenderMode(textObject: number): number;
  FPDFPage_CountObjects(page: number): number;
  FPDFPage_GetObject(page: number, index: number): number;
  /** FPDF_PAGEOBJ_*: 3 image, 5 form. */
  FPDFPageObj_GetType(object: number): number;
  /** Writes the image's width and height in pixels (two uint32) at width and height. */
  FPDFImageObj_GetImagePixelSize(image: number, width: number, height: number): number;
  FPDFFormObj_CountObjects(form: number): number;
  FPDFFormObj_GetObject(form: number, index: number): number;
  /** alpha 0: 4 bytes a pixel, B G R and one unused. */
  FPDFBitmap_Create(width: number, height: number, alpha: number): number;
  FPDFBitmap_FillRect(bitmap: number, left: number, top: number, width: number, height: number, argb: number): number;
  FPDFBitmap_GetBuffer(bitmap: number): number;
  FPDFBitmap_GetStride(bitmap: number): number;
  FPDFBitmap_Destroy(bitmap: number): void;
  FPDF_RenderPageBitmap(bitmap: number, page: number, x: number, y: number, width: number, height: number, rotate: number, flags: number): void;
  // fpdf_edit.h: a new document and page, and the objects drawn on it (coordinates in points, origin bottom-left).
  FPDF_CreateNewDocument(): number;
  FPDFPage_New(doc: number, index: number, width: number, height: number): number;
  /** The page takes ownership of the object. */
  FPDFPage_InsertObject(page: number, object: number): void;
  FPDFPage_GenerateContent(page: number): number;
  /** Only for an object not inserted into a page. */
  FPDFPageObj_Destroy(object: number): void;
  FPDFPageObj_CreateNewRect(x: number, y: number, width: number, height: number): number;
  FPDFPageObj_CreateNewPath(x: number, y: number): number;
  FPDFPath_MoveTo(path: number, x: number, y: number): number;
  FPDFPath_LineTo(path: number, x: number, y: number): number;
  FPDFPath_BezierTo(path: number, x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): number;
  FPDFPath_Close(path: number): number;
  /** fillMode 0 none, 1 alternate, 2 winding; stroke 0/1. */
  FPDFPath_SetDrawMode(path: number, fillMode: number, stroke: number): number;
  FPDFPageObj_SetFillColor(object: number, r: number, g: number, b: number, a: number): number;
  FPDFPageObj_SetStrokeColor(object: number, r: number, g: number, b: number, a: number): number;
  FPDFPageObj_SetStrokeWidth(object: number, width: number): number;
  FPDFPageObj_Transform(object: number, a: number, b: number, c: number, d: number, e: number, f: number): void;
  /** font: a C string naming one of the 14 standard fonts ('Helvetica', 'Helvetica-Bold', ...). */
  FPDFPageObj_NewTextObj(doc: number, font: number, size: number): number;
  /** text: NUL-terminated UTF-16LE. */
  FPDFText_SetText(text: number, value: number): number;
  FPDFPageObj_NewImageObj(doc: number): number;
  FPDFImageObj_SetMatrix(image: number, a: number, b: number, c: number, d: number, e: number, f: number): number;
  /** pages/count may be 0: the image is not yet on a page. The bitmap is copied. */
  FPDFImageObj_SetBitmap(pages: number, count: number, image: number, bitmap: number): number;
  /** The image decoded, as a new bitmap (FPDFBitmap_Destroy it). */
  FPDFImageObj_GetBitmap(image: number): number;
  /** EmbedPDF's extension: a JPEG file (data, size) as the image, kept encoded (DCTDecode). */
  EPDFImageObj_SetJpeg(pages: number, count: number, image: number, data: number, size: number): number;
  FPDFBitmap_GetWidth(bitmap: number): number;
  FPDFBitmap_GetHeight(bitmap: number): number;
  /** 1 grey, 2 BGR, 3 BGRx, 4 BGRA. */
  FPDFBitmap_GetFormat(bitmap: number): number;
}

/** FPDF_GetLastError codes (fpdfview.h). */
export const FPDF_ERR = { file: 2, format: 3, password: 4, security: 5, page: 6 } as const;

let loaded: Promise<Pdfium> | null = null;
/** PDFium's code, read and compiled once per thread: a released instance is replaced without disk I/O or compiling; each instance gets its own memory. */
let compiled: Promise<WasmModule> | null = null;

// The part of the WebAssembly API used here (the package's TypeScript lib declares none of it).
type WasmModule = object;
type WasmInstance = object;
const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule>; instantiate(module: WasmModule, imports: object): Promise<WasmInstance> } }).WebAssembly;

export function loadPdfium(): Promise<Pdfium> {
  loaded ??= (async () => {
    compiled ??= readFile(createRequire(import.meta.url).resolve('@embedpdf/pdfium/pdfium.wasm')).then((wasm) => wasmApi.compile(wasm));
    const code = await compiled;
    const { init } = await import('@embedpdf/pdfium');
    // A new instance of the code compiled once (Emscripten's documented Module.instantiateWasm):
    // its memory is new, its 4.6 MB of code is not compiled again.
    // An instance that cannot be made (its memory refused at the cap) fails the load, not hangs it.
    let refused: (e: unknown) => void = () => {};
    const failed = new Promise<never>((_resolve, reject) => (refused = reject));
    const wrapped = await Promise.race([
      init({
        instantiateWasm: (imports: object, receive: (instance: WasmInstance, module: WasmModule) => void) => {
          wasmApi.instantiate(code, imports).then((instance) => receive(instance, code), refused);
          return {};
        },
      }),
      failed,
    ]);
    wrapped.PDFiumExt_Init();
    const module = wrapped.pdfium as unknown as { HEAPU8: Uint8Array; HEAPF32: Float32Array; wasmExports: Record<string, unknown> };
    const api = {
      get HEAPU8() {
        return module.HEAPU8;
      },
      get HEAPF32() {
        return module.HEAPF32;
      },
    } as Record<string, unknown>;
    for (const name of FUNCTIONS) {
      const fn = module.wasmExports[name];
      if (typeof fn !== 'function') throw new Error(`PDFium does not export ${name}`);
      api[name] = fn;
    }
    return api as unknown as Pdfium;
  })().catch((e: unknown) => {
    loaded = null;
    compiled = null;
    throw e;
  });
  return loaded;
}

/**
 * Drops this thread's instance so that its memory can be collected; the next call to
 * loadPdfium makes a new one. WebAssembly memory only grows, so a deck whose pages
 * were drawn (decoded images) releases it; so does a WebAssembly trap (out of
 * memory, an assertion), which leaves the instance unusable.
 */
export function releasePdfium(): void {
  loaded = null;
}
