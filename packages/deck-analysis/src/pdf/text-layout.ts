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

/** A stretch of a line between wide gaps (a table cell, a column's part of a row). */
interface Cell {
  text: string;
  x: number;
  xEnd: number;
}

interface Line {
  text: string;
  x: number;
  xEnd: number;
  y: number;
  size: number;
  cells: Cell[];
  /** Which column of the page the line sits in, when the page has column gutters. */
  column?: number;
}

/** A gap wider than this many font sizes separates cells of a line (word gaps are far narrower). */
const CELL_GAP = 1.5;

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
      const cell = cur.cells[cur.cells.length - 1]!;
      if (gap > CELL_GAP * Math.max(size, cur.size)) cur.cells.push({ text: it.str, x: it.x, xEnd: it.x + it.width });
      else {
        cell.text += (needsSpace ? ' ' : '') + it.str;
        cell.xEnd = Math.max(cell.xEnd, it.x + it.width);
      }
      cur.xEnd = Math.max(cur.xEnd, it.x + it.width);
      cur.size = Math.max(cur.size, size);
    } else {
      cur = { text: it.str, x: it.x, xEnd: it.x + it.width, y: it.y, size, cells: [{ text: it.str, x: it.x, xEnd: it.x + it.width }] };
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
  const below = (above: Line, line: Line) =>
    above.y > line.y && above.y - line.y < 2.2 * Math.max(above.size, line.size) && line.x < above.xEnd && line.xEnd > above.x;
  for (const line of lines) {
    let into: Block | null = cur && prev && below(prev, line) ? cur : null;
    // A line of a column continues the block of the line above it in the same column,
    // wherever the content stream put it (rows of side-by-side columns drawn in turn).
    if (line.column !== undefined && (!into || prev?.column !== line.column)) {
      into =
        blocks.find((b) => {
          const last = b.lines[b.lines.length - 1]!;
          return last.column === line.column && below(last, line);
        }) ?? into;
    }
    if (into) {
      into.lines.push(line);
      into.left = Math.min(into.left, line.x);
      cur = into;
    } else {
      cur = { lines: [line], top: line.y + line.size, left: line.x, size: line.size };
      blocks.push(cur);
    }
    prev = line;
  }
  return blocks;
}

/** A cell of running text: a few words, not a figure or a one-word table entry. */
const isProse = (c: Cell) => {
  const t = c.text.trim();
  return t.split(/\s+/).length >= 3 && (t.match(/\p{L}/gu)?.length ?? 0) >= 12;
};

/**
 * Side-by-side columns of running text share baselines, so a row of the left column and
 * the same row of the right one come out as one line when the content stream draws them
 * in turn. A gutter (a gap between cells) that at least two rows of running text on both
 * sides leave open is a column boundary: every line crossing it is cut there, and each
 * part is marked with its column so the blocks read each column top to bottom. Tables
 * (short cells, figures) and lines that span the gutter are left whole.
 */
function splitColumns(lines: readonly Line[]): Line[] {
  const gaps: Array<[number, number]> = [];
  for (const l of lines) {
    for (let k = 1; k < l.cells.length; k++) {
      if (isProse(l.cells[k - 1]!) && isProse(l.cells[k]!)) gaps.push([l.cells[k - 1]!.xEnd, l.cells[k]!.x]);
    }
  }
  const gutters: Array<[number, number]> = [];
  for (const [a, b] of gaps) {
    const lo = Math.max(a, ...gaps.filter(([c, d]) => c < b && d > a).map(([c]) => c));
    const hi = Math.min(b, ...gaps.filter(([c, d]) => c < b && d > a).map(([, d]) => d));
    const votes = gaps.filter(([c, d]) => c < b && d > a).length;
    if (votes >= 2 && lo < hi && !gutters.some(([c, d]) => c < hi && d > lo)) gutters.push([lo, hi]);
  }
  if (gutters.length === 0) return [...lines];
  gutters.sort((p, q) => p[0] - q[0]);
  // No text may run through a gutter: a line crossing it spans the columns (a title).
  const columnOf = (c: Cell) => gutters.filter(([, hi]) => c.x >= hi - 0.01).length;
  const crosses = (c: Cell) => gutters.some(([lo, hi]) => c.x < lo - 0.01 && c.xEnd > hi + 0.01);
  const out: Line[] = [];
  for (const l of lines) {
    if (l.cells.some(crosses)) {
      out.push(l);
      continue;
    }
    const parts = new Map<number, Cell[]>();
    for (const c of l.cells) parts.set(columnOf(c), [...(parts.get(columnOf(c)) ?? []), c]);
    for (const [column, cells] of [...parts].sort((p, q) => p[0] - q[0])) {
      const text = cells.map((c) => c.text.trim()).join(' ');
      out.push({ ...l, text, x: cells[0]!.x, xEnd: cells[cells.length - 1]!.xEnd, cells, column });
    }
  }
  return out;
}

export interface PageLayout {
  lines: string[];
  title: string | null;
}

export function layoutPage(items: readonly LayoutItem[], pageHeight: number): PageLayout {
  const lines = buildLines(items);
  const blocks = buildBlocks(splitColumns(pairFigureGrid(lines)));
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

/** A cell holding only a figure: '$1.2M', '20%', '4,701', '£6 / £14', '3x'. */
const FIGURE_CELL = /^[~≈<>+]?\s*[$€£¥₹]?\s*\d[\d,.]*\s*(?:[kKmMbB]n?|bn|x|%)?\+?(?:\s*[/–-]\s*[$€£¥₹]?\s*\d[\d,.]*\s*(?:[kKmMbB]n?|bn|x|%)?\+?)?$/u;
/** A digit standing on its own ('2023', "'22"), not inside a word like 'D2C' or 'Q1'. */
const FREE_DIGIT = /(?:^|[^\p{L}\d])\d/u;

interface Placed {
  cell: Cell;
  line: Line;
}

const cellText = (c: Cell) => c.text.replace(/\s+/g, ' ').trim();
const isFigure = (p: Placed) => cellText(p.cell).length <= 20 && FIGURE_CELL.test(cellText(p.cell));
const isLabel = (p: Placed) => {
  const t = cellText(p.cell);
  return t.length <= 40 && (t.match(/\p{L}/gu)?.length ?? 0) >= 2 && !FREE_DIGIT.test(t) && !/[$€£¥₹%]/u.test(t);
};
/** Left edges or centres within `tol` of each other: one cell stacked above the other. */
const stacked = (a: Cell, b: Cell, tol: number) =>
  Math.abs(a.x - b.x) < tol || Math.abs((a.x + a.xEnd) / 2 - (b.x + b.xEnd) / 2) < tol;

/**
 * Metric grids ('$1.2M' in large type above 'ARR', three or four such cells side by side)
 * come out of the text layer as a row of figures followed by rows of labels, so each
 * figure would be read next to its neighbour's label. Where at least two figure-only
 * cells share a baseline and each has a short label stacked directly beneath it, the
 * label and its figure are joined into one line ('ARR $1.2M') at the figure's place.
 */
function pairFigureGrid(lines: readonly Line[]): Line[] {
  const placed: Placed[] = lines.flatMap((line) => line.cells.map((cell) => ({ cell, line })));
  const figures = placed.filter(isFigure);
  const used = new Set<Cell>();
  const joined = new Map<Line, Line[]>();
  for (const f of figures) {
    const size = f.line.size;
    const row = figures.filter(
      (g) => Math.abs(g.line.y - f.line.y) < 0.3 * size && g.line.size > 0.8 * size && g.line.size < 1.25 * size,
    );
    if (row.length < 2) continue;
    const labels: Placed[] = [];
    let above: Placed = f;
    while (labels.length < 3) {
      const top = above.line;
      const next = placed
        .filter((p) => {
          if (used.has(p.cell) || p.line.y >= top.y || !stacked(p.cell, above.cell, 0.6 * size)) return false;
          // The first label starts within a line of the figure's foot; the next ones follow at line pitch.
          const gap = labels.length === 0 ? top.y - (p.line.y + p.line.size) : top.y - p.line.y;
          const max = labels.length === 0 ? 1.0 * size : 1.6 * top.size;
          return gap > -0.25 * size && gap <= max && p.line.size <= 1.2 * size;
        })
        .sort((p, q) => q.line.y - p.line.y)[0];
      if (!next || !isLabel(next)) break;
      labels.push(next);
      above = next;
    }
    if (labels.length === 0) continue;
    used.add(f.cell);
    for (const l of labels) used.add(l.cell);
    const text = `${labels.map((l) => cellText(l.cell)).join(' ')} ${cellText(f.cell)}`;
    const x = Math.min(f.cell.x, ...labels.map((l) => l.cell.x));
    const xEnd = Math.max(f.cell.xEnd, ...labels.map((l) => l.cell.xEnd));
    const pair: Line = { text, x, xEnd, y: f.line.y, size, cells: [{ text, x, xEnd }] };
    joined.set(f.line, [...(joined.get(f.line) ?? []), pair]);
  }
  if (used.size === 0) return [...lines];
  const out: Line[] = [];
  for (const line of lines) {
    const rest = line.cells.filter((c) => !used.has(c));
    if (rest.length === line.cells.length) out.push(line);
    else if (rest.length > 0) {
      const text = rest.map(cellText).join(' ');
      out.push({ ...line, text, x: rest[0]!.x, xEnd: rest[rest.length - 1]!.xEnd, cells: rest });
    }
    out.push(...(joined.get(line) ?? []).sort((a, b) => a.x - b.x));
  }
  return out;
}
