import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The report's fonts, embedded (subset to the glyphs used) so every character prints:
 * Noto Sans (Latin, Cyrillic, Greek; `@embedpdf/fonts-latin`); for a text holding Chinese,
 * Japanese or Korean characters, Noto Sans CJK Simplified (`@embedpdf/fonts-sc`), which also
 * carries Latin so the whole string stays in one face; then, in runs within the same line, DejaVu
 * Sans (`dejavu-fonts-ttf`) for the symbols Noto Sans lacks (≥, ≤, →, ⊇ …) and Noto Emoji
 * (`@expo-google-fonts/noto-emoji`, monochrome) for the emoji decks put in their text (✅, 📌 …).
 * Read once per process, from the packages: nothing is downloaded.
 */

export type FontWeight = 'regular' | 'bold';

const require = createRequire(import.meta.url);
/** The Noto packages export only their metadata module: the font files sit next to it in `../fonts`. */
const notoDir = (pkg: string) => join(dirname(require.resolve(pkg)), '..', 'fonts');
const dejavuDir = () => join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const emojiDir = () => dirname(require.resolve('@expo-google-fonts/noto-emoji/package.json'));

const FILES = {
  regular: () => join(notoDir('@embedpdf/fonts-latin'), 'NotoSans-Regular.ttf'),
  bold: () => join(notoDir('@embedpdf/fonts-latin'), 'NotoSans-Bold.ttf'),
  'cjk-regular': () => join(notoDir('@embedpdf/fonts-sc'), 'NotoSansHans-Regular.otf'),
  'cjk-bold': () => join(notoDir('@embedpdf/fonts-sc'), 'NotoSansHans-Bold.otf'),
  'symbols-regular': () => join(dejavuDir(), 'DejaVuSans.ttf'),
  'symbols-bold': () => join(dejavuDir(), 'DejaVuSans-Bold.ttf'),
  'emoji-regular': () => join(emojiDir(), '400Regular', 'NotoEmoji_400Regular.ttf'),
  'emoji-bold': () => join(emojiDir(), '700Bold', 'NotoEmoji_700Bold.ttf'),
} as const;
export type FontName = keyof typeof FILES;

const loaded = new Map<FontName, { bytes: Buffer; font: fontkit.Font }>();
function load(name: FontName) {
  let entry = loaded.get(name);
  if (!entry) {
    const bytes = readFileSync(FILES[name]());
    entry = { bytes, font: fontkit.create(bytes) as fontkit.Font };
    loaded.set(name, entry);
  }
  return entry;
}

/** Han, kana, Hangul, CJK punctuation and full-width forms. */
const CJK = /[\u1100-\u11ff\u2e80-\u2fdf\u3000-\u30ff\u3100-\u31ff\u3200-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[\u{20000}-\u{3134f}]/u;

export function registerReportFonts(doc: PDFKit.PDFDocument) {
  for (const name of Object.keys(FILES) as FontName[]) doc.registerFont(name, load(name).bytes);
}

/** The main face for a text at a weight: the CJK one when the text needs it. */
export function fontFor(weight: FontWeight, text: string): FontName {
  if (CJK.test(text)) return weight === 'bold' ? 'cjk-bold' : 'cjk-regular';
  return weight;
}

/** Whether a face draws a character (spaces and line breaks draw in any). */
export function hasGlyph(name: FontName, char: string): boolean {
  return /\s/.test(char) || load(name).font.hasGlyphForCodePoint(char.codePointAt(0)!);
}

export interface FontRun {
  font: FontName;
  text: string;
}

/**
 * A text cut into runs by face: the main face where it has the glyph, else the first fallback
 * (symbols, then emoji) that has one. A character none draws stays in the main face (it would
 * print as a box; the report's test renders every page and checks that none does).
 */
export function fontRuns(weight: FontWeight, text: string): FontRun[] {
  const main = fontFor(weight, text);
  const fallbacks: FontName[] = weight === 'bold' ? ['symbols-bold', 'emoji-bold'] : ['symbols-regular', 'emoji-regular'];
  const runs: FontRun[] = [];
  for (const char of text) {
    const font = hasGlyph(main, char) ? main : (fallbacks.find((f) => hasGlyph(f, char)) ?? main);
    const last = runs.at(-1);
    if (last && (last.font === font || /\s/.test(char))) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
