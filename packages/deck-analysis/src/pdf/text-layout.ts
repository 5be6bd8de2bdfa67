/**
 * Puts text runs (from PDFium, see pdf-text.ts) in reading order. Content-stream order keeps each text box
 * together but boxes come in drawing order; we rebuild lines, group consecutive lines
 * into blocks (a text box), then order blocks top to bottom and, on the same band,
 * left to right. Pure: unit-tested without PDFium.
 */

export interface LayoutItem {
  str: string;
  /** Baseline origin in PDF user space (y grows upwards). */
  x: number;
  y: number;
  width: number;
  /** Font size (height of the text in user space). */
  size: number;
  hasEOL: boolean;
}

interface Line {
  text: string;
  x: number;
  xEnd: number;
  y: number;
  size: number;
}

interface Block {
  lines: Line[];
  top: number;
  left: number;
  size: number;
}

function buildLines(items: readonly LayoutItem[]): Line[] {
  const lines: Line[] = [];
  let cur: Line | null = null;
  let breakNext = false;
  for (const it of items) {
    const size = it.size > 0 ? it.size : 10;
    if (it.str === '') {
      if (it.hasEOL) breakNext = true;
      continue;
    }
    const sameLine =
      cur !== null &&
      !breakNext &&
      Math.abs(it.y - cur.y) < 0.5 * Math.max(size, cur.size) &&
      it.x >= cur.xEnd - Math.max(size, cur.size);
    if (cur && sameLine) {
      const gap = it.x - cur.xEnd;
      const needsSpace = gap > 0.15 * size && !cur.text.endsWith(' ') && !it.str.startsWith(' ');
      cur.text += (needsSpace ? ' ' : '') + it.str;
      cur.xEnd = Math.max(cur.xEnd, it.x + it.width);
      cur.size = Math.max(cur.size, size);
    } else {
      cur = { text: it.str, x: it.x, xEnd: it.x + it.width, y: it.y, size };
      lines.push(cur);
    }
    breakNext = it.hasEOL;
  }
  return lines.filter((l) => l.text.trim() !== '');
}

function buildBlocks(lines: readonly Line[]): Block[] {
  const blocks: Block[] = [];
  let cur: Block | null = null;
  let prev: Line | null = null;
  for (const line of lines) {
    const continues =
      cur !== null &&
      prev !== null &&
      prev.y > line.y &&
      prev.y - line.y < 2.2 * Math.max(prev.size, line.size) &&
      line.x < prev.xEnd &&
      line.xEnd > prev.x;
    if (cur && continues) {
      cur.lines.push(line);
      cur.left = Math.min(cur.left, line.x);
    } else {
      cur = { lines: [line], top: line.y + line.size, left: line.x, size: line.size };
      blocks.push(cur);
    }
    prev = line;
  }
  return blocks;
}

export interface PageLayout {
  lines: string[];
  title: string | null;
}

export function layoutPage(items: readonly LayoutItem[], pageHeight: number): PageLayout {
  const lines = buildLines(items);
  const blocks = buildBlocks(lines);
  // Same band when tops are within half a line of each other: then left to right.
  const ordered = blocks
    .map((b, i) => ({ b, i }))
    .sort((p, q) => {
      const band = 0.5 * Math.min(p.b.size, q.b.size);
      if (Math.abs(p.b.top - q.b.top) > band) return q.b.top - p.b.top;
      if (p.b.left !== q.b.left) return p.b.left - q.b.left;
      return p.i - q.i;
    })
    .map((p) => p.b);
  return {
    lines: ordered.flatMap((b) => b.lines.map((l) => l.text.trim())),
    title: guessTitle(lines, pageHeight),
  };
}

/**
 * The largest text with real letters in the top 45% of the page, when it stands out
 * from the body (slide numbers and footers are excluded by the letter test).
 */
function guessTitle(lines: readonly Line[], pageHeight: number): string | null {
  const withLetters = lines.filter((l) => (l.text.match(/\p{L}/gu)?.length ?? 0) >= 3);
  if (withLetters.length === 0) return null;
  const sizes = withLetters.map((l) => l.size).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const top = withLetters.filter((l) => pageHeight <= 0 || l.y > pageHeight * 0.55);
  const pool = top.length > 0 ? top : withLetters;
  let best: Line | null = null;
  for (const l of pool) if (!best || l.size > best.size + 0.01) best = l;
  if (!best) return null;
  if (withLetters.length > 1 && best.size < median * 1.15 && pool === withLetters) return null;
  return best.text.trim().slice(0, 200);
}
