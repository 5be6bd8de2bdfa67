import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The report's fonts, embedded (subset to the glyphs used) so a name prints in any script:
 * Noto Sans (Latin, Cyrillic, Greek; `@embedpdf/fonts-latin`) and, for a text holding
 * Chinese, Japanese or Korean characters, Noto Sans CJK Simplified (`@embedpdf/fonts-sc`),
 * which also carries Latin so the whole string stays in one face. Read once per process.
 */

export type FontWeight = 'regular' | 'bold';

const require = createRequire(import.meta.url);
/** The packages export only their metadata module: the font files sit next to it in `../fonts`. */
const fontsDir = (pkg: string) => join(dirname(require.resolve(pkg)), '..', 'fonts');

const FILES = {
  regular: () => join(fontsDir('@embedpdf/fonts-latin'), 'NotoSans-Regular.ttf'),
  bold: () => join(fontsDir('@embedpdf/fonts-latin'), 'NotoSans-Bold.ttf'),
  'cjk-regular': () => join(fontsDir('@embedpdf/fonts-sc'), 'NotoSansHans-Regular.otf'),
  'cjk-bold': () => join(fontsDir('@embedpdf/fonts-sc'), 'NotoSansHans-Bold.otf'),
} as const;
type FontName = keyof typeof FILES;

const loaded = new Map<FontName, Buffer>();
function fontBytes(name: FontName): Buffer {
  let bytes = loaded.get(name);
  if (!bytes) {
    bytes = readFileSync(FILES[name]());
    loaded.set(name, bytes);
  }
  return bytes;
}

/** Han, kana, Hangul, CJK punctuation and full-width forms. */
const CJK = /[\u1100-\u11ff\u2e80-\u2fdf\u3000-\u30ff\u3100-\u31ff\u3200-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[\u{20000}-\u{3134f}]/u;

export function registerReportFonts(doc: PDFKit.PDFDocument) {
  for (const name of Object.keys(FILES) as FontName[]) doc.registerFont(name, fontBytes(name));
}

/** The face for a text at a weight: the CJK one when the text needs it. */
export function fontFor(weight: FontWeight, text: string): FontName {
  if (CJK.test(text)) return weight === 'bold' ? 'cjk-bold' : 'cjk-regular';
  return weight;
}
