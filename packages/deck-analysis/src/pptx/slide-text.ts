import type { Rgb } from './drawing-color.ts';

/**
 * Lays out a slide's text body for drawing: paragraphs of styled runs, wrapped to the
 * shape's width with the standard Helvetica metrics (the font the drawing uses), aligned,
 * then placed top, middle or bottom as the body is anchored. Positions are in points from
 * the slide's top-left corner; `y` of a placed run is its baseline.
 */
export interface TextStyle {
  size: number;
  bold: boolean;
  italic: boolean;
  color: Rgb;
}

export interface StyledRun {
  /** '\n' is a line break (a:br). */
  text: string;
  style: TextStyle;
}

export interface ParagraphSpec {
  runs: StyledRun[];
  align: 'l' | 'ctr' | 'r';
  /** Left margin of the paragraph and the first line's indent from it (negative: hanging), in points. */
  marginLeft: number;
  indent: number;
  bullet: StyledRun | null;
  /** 1 = single spacing. */
  lineSpacing: number;
  spaceBefore: number;
  spaceAfter: number;
  /** Size of an empty paragraph's line. */
  emptySize: number;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TextFrame {
  box: Box;
  insets: { l: number; t: number; r: number; b: number };
  anchor: 't' | 'ctr' | 'b';
  wrap: boolean;
}

export interface PlacedRun {
  x: number;
  y: number;
  text: string;
  style: TextStyle;
  /** Horizontal scale: below 1 for a line drawn condensed to fit its box. */
  scaleX: number;
}

// Advance widths (1/1000 em) of Helvetica and Helvetica-Bold for ASCII 32-126, from Adobe's AFM files.
const REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
const BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
  556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
  280, 389, 584,
];

function charWidth(code: number, bold: boolean): number {
  if (code >= 32 && code <= 126) return (bold ? BOLD : REGULAR)[code - 32]!;
  if (code === 0x2022 || code === 0xb7) return 350; // bullet, middle dot
  return 556;
}

/** Characters beyond ASCII and Latin-1 that the standard fonts' WinAnsiEncoding has. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * The text as the standard Helvetica fonts can show it: a character they have no glyph
 * for (CJK, Cyrillic, emoji...) becomes a space rather than a wrong glyph.
 */
export function standardFontText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) ? ch : ' ';
  }
  return out;
}

/** Width in points of `text` at `size` points. */
export function textWidth(text: string, size: number, bold: boolean): number {
  let units = 0;
  for (const ch of text) units += charWidth(ch.codePointAt(0)!, bold);
  return (units * size) / 1000;
}

interface Piece {
  text: string;
  style: TextStyle;
  width: number;
}

interface Line {
  pieces: Piece[];
  size: number;
  width: number;
}

/** A word (pieces of one or more runs with no space between them), a space, or a line break. */
type Token = { pieces: Piece[]; width: number; space: boolean } | 'break';

function tokensOf(runs: readonly StyledRun[]): Token[] {
  const out: Token[] = [];
  let word: Piece[] | null = null;
  const push = (piece: Piece, space: boolean) => {
    if (!space && word) {
      word.push(piece);
      (out[out.length - 1] as { width: number }).width += piece.width;
      return;
    }
    word = space ? null : [piece];
    out.push({ pieces: word ?? [piece], width: piece.width, space });
  };
  for (const run of runs) {
    run.text.split('\n').forEach((line, i) => {
      const part = standardFontText(line);
      if (i > 0) {
        out.push('break');
        word = null;
      }
      for (const token of part.split(/(\s+)/)) {
        if (token === '') continue;
        const space = /^\s+$/.test(token);
        const text = space ? ' ' : token;
        push({ text, style: run.style, width: textWidth(text, run.style.size, run.style.bold) }, space);
      }
    });
  }
  return out;
}

/** Breaks a word wider than a whole line into pieces that fit. */
function splitWord(pieces: readonly Piece[], width: number): Piece[][] {
  const lines: Piece[][] = [[]];
  let used = 0;
  for (const piece of pieces) {
    let text = '';
    const { size, bold } = piece.style;
    for (const ch of piece.text) {
      const w = textWidth(ch, size, bold);
      if (used + w > width && used > 0) {
        if (text !== '') lines[lines.length - 1]!.push({ ...piece, text, width: textWidth(text, size, bold) });
        lines.push([]);
        text = '';
        used = 0;
      }
      text += ch;
      used += w;
    }
    if (text !== '') lines[lines.length - 1]!.push({ ...piece, text, width: textWidth(text, size, bold) });
  }
  return lines;
}

/**
 * How much wider than its box a line may measure before it wraps: Helvetica is wider than
 * most slide fonts (Calibri, Segoe), so a line PowerPoint fits measures wider here; such a
 * line is drawn condensed to its box instead of wrapping where PowerPoint does not.
 */
const CONDENSE = 1.15;
/** A single word is condensed further before it is cut (PowerPoint cuts only a word wider than its box). */
const WORD_CONDENSE = 1.5;

function wrap(p: ParagraphSpec, firstWidth: number, width: number, wrapping: boolean): Line[] {
  const lines: Line[] = [];
  let current: Piece[] = [];
  let used = 0;
  const limit = () => (lines.length === 0 ? firstWidth : width) * CONDENSE;
  const flush = () => {
    while (current.length > 0 && current[current.length - 1]!.text === ' ') used -= current.pop()!.width;
    lines.push({ pieces: current, size: Math.max(0, ...current.map((c) => c.style.size)) || p.emptySize, width: used });
    current = [];
    used = 0;
  };
  for (const token of tokensOf(p.runs)) {
    if (token === 'break') {
      flush();
      continue;
    }
    if (token.space && current.length === 0 && lines.length > 0) continue;
    if (wrapping && !token.space && used + token.width > limit() && used > 0) flush();
    const parts =
      wrapping && token.width > (limit() * WORD_CONDENSE) / CONDENSE
        ? splitWord(token.pieces, Math.max(1, limit()))
        : [token.pieces];
    parts.forEach((pieces, i) => {
      if (i > 0) flush();
      for (const piece of pieces) {
        current.push(piece);
        used += piece.width;
      }
    });
  }
  flush();
  return lines;
}

/** Lines' height from its largest size, as PowerPoint spaces single-spaced text (1.2 em). */
const LINE = 1.2;
/** Baseline within a line, from its top. */
const ASCENT = 0.95;

export function layoutText(frame: TextFrame, paragraphs: readonly ParagraphSpec[]): PlacedRun[] {
  const left = frame.box.x + frame.insets.l;
  const right = frame.box.x + frame.box.w - frame.insets.r;
  const placed: Array<{ run: PlacedRun; dy: number }> = [];
  let y = 0;
  paragraphs.forEach((p, index) => {
    if (index > 0) y += p.spaceBefore;
    const start = left + p.marginLeft;
    const first = start + p.indent;
    const lines = wrap(p, right - first, right - start, frame.wrap);
    lines.forEach((line, i) => {
      const height = line.size * LINE * p.lineSpacing;
      const baseline = y + line.size * ASCENT * Math.min(1, p.lineSpacing) + Math.max(0, height - line.size * LINE);
      // A hanging bullet sits at the indent and the text at the margin; otherwise the first line starts at the indent.
      const hanging = i === 0 && p.bullet !== null && p.indent < 0;
      const from = i === 0 && !hanging ? first : start;
      const room = Math.max(1, right - from);
      const scaleX = frame.wrap && line.width > room ? room / line.width : 1;
      const width = line.width * scaleX;
      let x = p.align === 'ctr' ? from + (right - from - width) / 2 : p.align === 'r' ? right - width : from;
      if (i === 0 && p.bullet && line.pieces.length > 0) {
        placed.push({
          run: { x: hanging ? first : x, y: 0, text: p.bullet.text, style: p.bullet.style, scaleX: 1 },
          dy: baseline,
        });
        if (!hanging) x += textWidth(`${p.bullet.text} `, p.bullet.style.size, p.bullet.style.bold);
      }
      // Runs of one style in a line are drawn as one piece of text.
      let run: PlacedRun | null = null;
      for (const piece of line.pieces) {
        if (run && run.style === piece.style) run.text += piece.text;
        else {
          run = { x, y: 0, text: piece.text, style: piece.style, scaleX };
          placed.push({ run, dy: baseline });
        }
        x += piece.width * scaleX;
      }
      y += height;
    });
    y += p.spaceAfter;
  });
  const inner = frame.box.h - frame.insets.t - frame.insets.b;
  const top =
    frame.box.y + frame.insets.t + (frame.anchor === 'ctr' ? (inner - y) / 2 : frame.anchor === 'b' ? inner - y : 0);
  return placed.filter(({ run }) => run.text.trim() !== '').map(({ run, dy }) => ({ ...run, y: top + dy }));
}
