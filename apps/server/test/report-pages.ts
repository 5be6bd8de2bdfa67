import { extractDeck, PageImageRenderer } from '@fitscore/deck-analysis';
import { PNG } from 'pngjs';

export interface PageMeasure {
  page: number;
  /** How far down the writing area the page's content reaches, 0-1 (the footer not counted). */
  fill: number;
  png: Uint8Array;
}

/** A4 in points, with the report's margins (report-pdf.ts): content sits between these. */
const PAGE_HEIGHT_PT = 841.89;
const TOP_PT = 50;
const FOOTER_PT = 56;

/**
 * Draws every page of a PDF with PDFium (deck-analysis' page renderer) and measures how far down
 * its writing area the content goes: the lowest row with ink above the footer.
 */
export async function measurePages(pdf: Uint8Array): Promise<PageMeasure[]> {
  const renderer = new PageImageRenderer({ idleMs: 1000 });
  try {
    const out: PageMeasure[] = [];
    for (let page = 1; ; page++) {
      const drawn = await renderer.render(pdf, page);
      if ('outOfRange' in drawn) break;
      const png = PNG.sync.read(Buffer.from(drawn.png));
      const scale = png.height / PAGE_HEIGHT_PT;
      const top = Math.floor(TOP_PT * scale);
      const bottom = Math.floor((PAGE_HEIGHT_PT - FOOTER_PT) * scale);
      let lowest = top;
      for (let y = bottom - 1; y >= top && lowest === top; y--) {
        for (let x = 0; x < png.width; x++) {
          const i = (y * png.width + x) * 4;
          if (png.data[i]! < 235 || png.data[i + 1]! < 235 || png.data[i + 2]! < 235) {
            lowest = y;
            break;
          }
        }
      }
      out.push({ page, fill: (lowest - top) / (bottom - top), png: drawn.png });
      if (page >= drawn.pages) break;
    }
    return out;
  } finally {
    await renderer.close();
  }
}

/** The text PDFium reads back from each page (a character drawn with a missing glyph reads back as nothing). */
export async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  return (await extractDeck(pdf)).pages.map((p) => p.text);
}
