import {
  SUB_SCORE_KEYS,
  SUB_SCORE_LABELS,
  keyMetricSource,
  matchLabel,
  reportedKeyMetrics,
  scoreTone,
  subScoreTone,
  type FitScoreResult,
} from '@fitscore/contracts';
import PDFDocument from 'pdfkit';
import { fontFor, fontRuns, registerReportFonts, type FontWeight } from './report-fonts.ts';

/** What the report shows: the company as the founder describes it and one scored result. */
export interface ReportInput {
  company: {
    startup_name: string;
    one_liner: string;
    industry: string | null;
    stage: string | null;
    hq_geo: string;
  } | null;
  score: FitScoreResult;
  generatedAt: Date;
  /** 'How it's calculated' texts (from the engine's rubric). */
  method: { overall: string; confidence: string };
}

const COLOR = {
  brand: '#4f46e5',
  brandDark: '#312e81',
  brandSoft: '#eef2ff',
  ink: '#0f172a',
  body: '#334155',
  muted: '#64748b',
  line: '#e2e8f0',
  track: '#e2e8f0',
  panel: '#f8fafc',
  positive: '#047857',
  negative: '#b91c1c',
} as const;

const RING = { green: '#10b981', amber: '#f59e0b', orange: '#f97316', red: '#ef4444' } as const;
const BAR = { green: '#10b981', yellow: '#eab308', orange: '#f97316', red: '#ef4444' } as const;
const LABEL_BG = { green: '#ecfdf5', amber: '#fffbeb', orange: '#fff7ed', red: '#fef2f2' } as const;
const LABEL_FG = { green: '#047857', amber: '#b45309', orange: '#c2410c', red: '#b91c1c' } as const;

const PAGE = { width: 595.28, height: 841.89, margin: 50, bottom: 64 } as const;
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
const MAX_EVIDENCE = 6;

/**
 * Bidirectional overrides, isolates and marks (they would reorder the printed text), and the
 * emoji variation selectors and joiner (no face draws them; each emoji prints on its own).
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u200d]|\ufe0e|\ufe0f/g;

/** Printable text: NFC, tabs as spaces, control and bidirectional-control characters dropped. */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(BIDI_CONTROLS, '')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\t') out += ' ';
    else if (ch === '\n' || !(code < 0x20 || (code >= 0x7f && code <= 0x9f))) out += ch;
  }
  return out;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
const formatPoints = (p: number) => `${p > 0 ? '+' : ''}${Number.isInteger(p) ? p : p.toFixed(1)}`;

type TextOptions = PDFKit.Mixins.TextOptions;

/** A piece of text in one weight and colour; a line may hold several (a bold label, then a quote). */
interface Segment {
  text: string;
  weight: FontWeight;
  color: string;
}

/**
 * Drawing on one document: fonts by weight (each text cut into font runs, so a symbol the main
 * face lacks prints from the symbol face), and the page-break rule. `onNewPage` runs after a
 * break (the caller repeats its headings there).
 */
function createWriter(doc: PDFKit.PDFDocument, onNewPage: () => void) {
  let weight: FontWeight = 'regular';
  let color: string = COLOR.body;

  const font = (w: FontWeight, size: number, c: string = COLOR.body) => {
    weight = w;
    color = c;
    return doc.font(fontFor(w, '')).fontSize(size).fillColor(c);
  };

  /** Prints segments as one text (wrapped together), switching face and colour between runs. */
  const writeSegments = (segments: Segment[], x?: number, y?: number, options: TextOptions = {}) => {
    const runs = segments.flatMap((seg) => fontRuns(seg.weight, pdfSafe(seg.text)).map((r) => ({ ...r, color: seg.color })));
    if (runs.length === 0) runs.push({ font: fontFor(weight, ''), text: '', color });
    runs.forEach((run, i) => {
      doc.font(run.font).fillColor(run.color);
      const last = i === runs.length - 1;
      const opts = { ...options, continued: !last };
      // pdfkit reads (text, options) when no position is given: (text, undefined, undefined, options) would drop them.
      if (i === 0 && (x !== undefined || y !== undefined)) doc.text(run.text, x, y, opts);
      else if (i === 0) doc.text(run.text, opts);
      else doc.text(run.text, { continued: !last });
    });
    doc.fillColor(color);
    return doc;
  };

  const write = (value: string, x?: number, y?: number, options: TextOptions = {}) => writeSegments([{ text: value, weight, color }], x, y, options);
  const text = (value: string, options: TextOptions = {}) => write(value, undefined, undefined, options);
  const heightOf = (value: string, width: number) => {
    const clean = pdfSafe(value);
    doc.font(fontFor(weight, clean));
    return doc.heightOfString(clean, { width });
  };

  /** Starts a new page when fewer than `height` points are left. */
  const ensureSpace = (height: number) => {
    if (doc.y + height > PAGE.height - PAGE.bottom) {
      doc.addPage();
      onNewPage();
    }
  };

  const bar = (x: number, y: number, width: number, height: number, value: number) => {
    doc.roundedRect(x, y, width, height, height / 2).fill(COLOR.track);
    const filled = Math.max(height, (width * Math.max(0, Math.min(10, value))) / 10);
    doc.roundedRect(x, y, filled, height, height / 2).fill(BAR[subScoreTone(value)]);
  };

  return { doc, font, write, writeSegments, text, heightOf, ensureSpace, bar };
}
type Writer = ReturnType<typeof createWriter>;

/** The writing area's height on one page. */
const BODY_HEIGHT = PAGE.height - PAGE.bottom - PAGE.margin;

/**
 * Measures a block by drawing it on a scratch document whose page never ends, with the same fonts,
 * margins and widths: the height the block will take, so it can be kept on one page.
 */
function createMeasurer() {
  const scratch = new PDFDocument({ size: [PAGE.width, 100_000], margins: { top: 0, left: PAGE.margin, right: PAGE.margin, bottom: 0 }, bufferPages: true });
  scratch.on('data', () => undefined);
  registerReportFonts(scratch);
  const writer = createWriter(scratch, () => undefined);
  return {
    height(block: (w: Writer) => void): number {
      scratch.x = PAGE.margin;
      scratch.y = 0;
      block(writer);
      return scratch.y;
    },
    close: () => scratch.end(),
  };
}

/**
 * Renders the FitScore report with embedded fonts (report-fonts.ts). A document, not a dump:
 * blocks (the glance panel, each sub-score, strength, Do-Next item, paragraph) are measured first
 * and kept on one page when they fit on one; a section heading stays with its first block; a
 * section that runs onto another page repeats its heading there, marked '(continued)'.
 */
export function renderReportPdf(input: ReportInput): Promise<Buffer> {
  const { score, company } = input;
  const analysis = score.analysis;
  const name = company?.startup_name ?? 'Your company';

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottom },
    bufferPages: true,
    info: {
      Title: pdfSafe(`FitScore report: ${name}`),
      Author: 'FitScore',
      Subject: pdfSafe(`FitScore ${score.overall}/100 (${matchLabel(score.overall)})`),
      CreationDate: input.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerReportFonts(doc);

  /** The section (and the block in it) being written, repeated at the top of a page they run onto. */
  let section: string | null = null;
  let block: string | null = null;
  const w = createWriter(doc, () => {
    if (!section) return;
    doc.x = PAGE.margin;
    doc.y = PAGE.margin;
    w.font('bold', 11, COLOR.muted);
    w.text(`${section} (continued)${block ? ` · ${block}` : ''}`, { width: CONTENT_WIDTH });
    doc.y += 8;
  });
  const { font, text, write, ensureSpace, bar } = w;
  const measurer = createMeasurer();

  /** Draws a block on one page when it fits on one (else from here, breaking between its lines). */
  const keep = (draw: (w: Writer) => void, label: string | null = null) => {
    const height = measurer.height(draw);
    const left = PAGE.height - PAGE.bottom - doc.y;
    // Kept whole when it fits on a page, unless that would leave most of this page empty: a block
    // taller than what is left of a page at least half free starts here and breaks between lines.
    ensureSpace(height <= BODY_HEIGHT - 30 && left < BODY_HEIGHT * 0.45 ? height : 140);
    block = label;
    draw(w);
    block = null;
  };

  const drawSectionTitle = (x: Writer, title: string, intro?: string) => {
    x.doc.moveDown(0.6);
    x.font('bold', 16, COLOR.ink);
    x.text(title, { width: CONTENT_WIDTH });
    const y = x.doc.y + 4;
    x.doc.moveTo(PAGE.margin, y).lineTo(PAGE.margin + 36, y).lineWidth(2).strokeColor(COLOR.brand).stroke();
    x.doc.y = y + 10;
    if (intro) {
      x.font('regular', 10, COLOR.muted);
      x.text(intro, { width: CONTENT_WIDTH });
      x.doc.moveDown(0.6);
    }
  };

  /** A section heading, kept on the page of its first block (so it never ends a page alone). */
  const sectionTitle = (title: string, intro: string | undefined, first: ((w: Writer) => void) | null) => {
    section = null;
    const heading = measurer.height((x) => drawSectionTitle(x, title, intro));
    const firstHeight = first ? measurer.height(first) : 0;
    ensureSpace(heading + Math.min(firstHeight, BODY_HEIGHT - heading - 30));
    drawSectionTitle(w, title, intro);
    section = title;
  };

  // ---- Cover ---------------------------------------------------------------------------
  doc.rect(0, 0, PAGE.width, 150).fill(COLOR.brandDark);
  font('bold', 22, '#ffffff');
  doc.text('FitScore', PAGE.margin, 48, { width: CONTENT_WIDTH });
  font('regular', 11, '#c7d2fe');
  doc.text('Investor-fit report', PAGE.margin, 76, { width: CONTENT_WIDTH });
  font('regular', 10, '#c7d2fe');
  text(`Generated ${dateFormat.format(input.generatedAt)}`, { width: CONTENT_WIDTH });

  doc.y = 186;
  font('bold', 28, COLOR.ink);
  text(name, { width: CONTENT_WIDTH });
  if (company?.one_liner) {
    doc.moveDown(0.2);
    font('regular', 13, COLOR.body);
    text(company.one_liner, { width: CONTENT_WIDTH });
  }
  const meta = [company?.industry, company?.stage, company?.hq_geo].filter((v): v is string => Boolean(v));
  if (meta.length) {
    doc.moveDown(0.3);
    font('regular', 11, COLOR.muted);
    text(meta.join('  ·  '), { width: CONTENT_WIDTH });
  }

  // Score ring.
  const ringTop = Math.max(doc.y + 28, 300);
  const cx = PAGE.width / 2;
  const radius = 70;
  const cy = ringTop + radius;
  const tone = scoreTone(score.overall);
  doc.circle(cx, cy, radius).lineWidth(14).strokeColor(COLOR.track).stroke();
  const fraction = Math.max(0, Math.min(100, score.overall)) / 100;
  if (fraction >= 0.999) {
    doc.circle(cx, cy, radius).lineWidth(14).strokeColor(RING[tone]).stroke();
  } else if (fraction > 0) {
    const angle = fraction * 2 * Math.PI;
    const ex = cx + radius * Math.sin(angle);
    const ey = cy - radius * Math.cos(angle);
    doc
      .path(`M ${cx} ${cy - radius} A ${radius} ${radius} 0 ${fraction > 0.5 ? 1 : 0} 1 ${ex.toFixed(2)} ${ey.toFixed(2)}`)
      .lineWidth(14)
      .lineCap('round')
      .strokeColor(RING[tone])
      .stroke();
    doc.lineCap('butt');
  }
  font('bold', 44, COLOR.ink);
  doc.text(String(score.overall), cx - radius, cy - 30, { width: radius * 2, align: 'center', lineBreak: false });
  font('regular', 11, COLOR.muted);
  doc.text('/ 100', cx - radius, cy + 16, { width: radius * 2, align: 'center', lineBreak: false });

  // Label and confidence.
  const label = matchLabel(score.overall);
  font('bold', 14, LABEL_FG[tone]);
  const labelWidth = doc.widthOfString(label) + 28;
  const labelY = cy + radius + 24;
  doc.roundedRect(cx - labelWidth / 2, labelY, labelWidth, 26, 13).fill(LABEL_BG[tone]);
  font('bold', 14, LABEL_FG[tone]);
  doc.text(label, cx - labelWidth / 2, labelY + 7, { width: labelWidth, align: 'center', lineBreak: false });
  doc.x = PAGE.margin;
  doc.y = labelY + 34;
  font('regular', 11, COLOR.body);
  text(`${analysis.confidence.level} confidence  ·  evidence coverage ${analysis.confidence.evidence}%`, {
    width: CONTENT_WIDTH,
    align: 'center',
  });
  font('regular', 9, COLOR.muted);
  const deckLine = [
    `Scored ${dateFormat.format(new Date(score.createdAt))}`,
    score.deck.filename ? `${score.deck.filename} (version ${score.deck.version})` : null,
    `${analysis.deck.pages} ${analysis.deck.format === 'pdf' ? 'pages' : 'slides'}`,
    `benchmarks at ${analysis.stage.value}`,
  ]
    .filter(Boolean)
    .join('  ·  ');
  doc.moveDown(0.3);
  text(deckLine, { width: CONTENT_WIDTH, align: 'center' });

  // At a glance: the nine sub-scores, as one panel. On a cover too full for it (a long name or
  // one-liner) it opens the next page, and the breakdown follows it there.
  const glanceHeight = 9 * 20 + 44;
  doc.y += 22;
  const glanceOnCover = doc.y + glanceHeight <= PAGE.height - PAGE.bottom;
  if (!glanceOnCover) {
    doc.addPage();
    doc.y = PAGE.margin;
  }
  const glanceTop = doc.y;
  doc.roundedRect(PAGE.margin, glanceTop, CONTENT_WIDTH, glanceHeight, 10).fill(COLOR.panel);
  font('bold', 11, COLOR.ink);
  doc.text('At a glance', PAGE.margin + 18, glanceTop + 14, { width: CONTENT_WIDTH - 36 });
  SUB_SCORE_KEYS.forEach((key, i) => {
    const y = glanceTop + 38 + i * 20;
    const value = analysis.subScores[key].score;
    font('regular', 10, COLOR.body);
    doc.text(SUB_SCORE_LABELS[key], PAGE.margin + 18, y, { width: 130, lineBreak: false });
    bar(PAGE.margin + 160, y + 2, CONTENT_WIDTH - 160 - 70, 7, value);
    font('bold', 10, COLOR.ink);
    doc.text(`${value}/10`, PAGE.width - PAGE.margin - 58, y, { width: 40, align: 'right', lineBreak: false });
  });
  doc.x = PAGE.margin;
  doc.y = glanceTop + glanceHeight + 12;

  // ---- Sub-scores with evidence --------------------------------------------------------
  if (glanceOnCover) doc.addPage();
  const stageSource =
    analysis.stage.source === 'profile' ? 'from the profile' : analysis.stage.source === 'deck' ? 'read from the deck' : 'assumed';

  const subScoreBlock = (key: (typeof SUB_SCORE_KEYS)[number]) => (x: Writer) => {
    const detail = analysis.subScores[key];
    const d = x.doc;
    const top = d.y;
    x.font('bold', 12, COLOR.ink);
    d.text(SUB_SCORE_LABELS[key], PAGE.margin, top, { width: CONTENT_WIDTH - 60, lineBreak: false });
    d.text(`${detail.score}/10`, PAGE.width - PAGE.margin - 60, top, { width: 60, align: 'right', lineBreak: false });
    x.bar(PAGE.margin, top + 18, CONTENT_WIDTH, 6, detail.score);
    d.x = PAGE.margin;
    d.y = top + 32;
    x.font('regular', 10, COLOR.body);
    x.text(detail.summary, { width: CONTENT_WIDTH });

    d.moveDown(0.4);
    x.ensureSpace(28);
    x.font('bold', 8, COLOR.muted);
    x.text('EVIDENCE', { width: CONTENT_WIDTH, characterSpacing: 0.6 });
    d.moveDown(0.15);
    if (detail.evidence.length === 0) {
      x.font('regular', 9.5, COLOR.muted);
      x.text('No evidence was found for this dimension in the deck or the profile.', { width: CONTENT_WIDTH });
    }
    for (const e of detail.evidence.slice(0, MAX_EVIDENCE)) {
      const where = `${e.page ? `Slide ${e.page}` : 'Profile'}${e.source === 'llm' ? ' (model, verified)' : ''}: `;
      const quote = `“${e.quote.length > 220 ? `${e.quote.slice(0, 217)}...` : e.quote}”`;
      x.font('regular', 9.5, COLOR.body);
      x.ensureSpace(x.heightOf(where + quote, CONTENT_WIDTH - 12) + 4);
      const y = d.y;
      d.circle(PAGE.margin + 3, y + 4.2, 1.6).fill(COLOR.muted);
      x.writeSegments(
        [
          { text: where, weight: 'bold', color: COLOR.ink },
          { text: quote, weight: 'regular', color: COLOR.body },
        ],
        PAGE.margin + 12,
        y,
        { width: CONTENT_WIDTH - 12 },
      );
      d.moveDown(0.15);
    }
    if (detail.evidence.length > MAX_EVIDENCE) {
      x.font('regular', 9, COLOR.muted);
      d.text(`and ${detail.evidence.length - MAX_EVIDENCE} more`, PAGE.margin + 12, d.y, { width: CONTENT_WIDTH - 12 });
    }

    if (detail.rules.length > 0) {
      d.x = PAGE.margin;
      d.moveDown(0.3);
      x.ensureSpace(28);
      x.font('bold', 8, COLOR.muted);
      x.text('RULES APPLIED', { width: CONTENT_WIDTH, characterSpacing: 0.6 });
      d.moveDown(0.15);
      for (const rule of detail.rules) {
        x.font('regular', 9.5, COLOR.body);
        x.ensureSpace(x.heightOf(rule.description, CONTENT_WIDTH - 72) + 3);
        const y = d.y;
        x.write(rule.description, PAGE.margin + 12, y, { width: CONTENT_WIDTH - 72 });
        const after = d.y;
        x.font('bold', 9.5, rule.points >= 0 ? COLOR.positive : COLOR.negative);
        d.text(formatPoints(rule.points), PAGE.width - PAGE.margin - 50, y, { width: 50, align: 'right', lineBreak: false });
        d.x = PAGE.margin;
        d.y = after + 2;
      }
    }
    d.x = PAGE.margin;
    d.moveDown(0.5);
    const sep = d.y;
    if (sep < PAGE.height - PAGE.bottom - 20) {
      d.moveTo(PAGE.margin, sep).lineTo(PAGE.width - PAGE.margin, sep).lineWidth(0.5).strokeColor(COLOR.line).stroke();
    }
    d.y = sep + 12;
  };

  sectionTitle(
    'Score breakdown',
    `Each dimension is scored 1-10 from explicit rules over the facts found in the deck and the profile. Benchmarks are taken at the ${analysis.stage.value} stage (${stageSource}).`,
    subScoreBlock(SUB_SCORE_KEYS[0]),
  );
  for (const key of SUB_SCORE_KEYS) keep(subScoreBlock(key), SUB_SCORE_LABELS[key]);

  // ---- Strengths -------------------------------------------------------------------------
  const strengthBlock = (s: (typeof analysis.strengths)[number]) => (x: Writer) => {
    const d = x.doc;
    x.font('regular', 10, COLOR.body);
    const h = x.heightOf(s.text, CONTENT_WIDTH - 16) + 14;
    const y = d.y;
    d.roundedRect(PAGE.margin, y + 1, 4, h - 2, 2).fill(RING.green);
    x.font('bold', 8.5, COLOR.positive);
    d.text(SUB_SCORE_LABELS[s.dimension].toUpperCase(), PAGE.margin + 14, y, { width: CONTENT_WIDTH - 16, characterSpacing: 0.5 });
    x.font('regular', 10, COLOR.body);
    x.write(s.text, PAGE.margin + 14, d.y + 1, { width: CONTENT_WIDTH - 16 });
    d.x = PAGE.margin;
    d.y += 8;
  };
  const noStrengths = (x: Writer) => {
    x.font('regular', 10, COLOR.muted);
    x.text('No dimension stands out yet. The Do-Next list below shows where to start.', { width: CONTENT_WIDTH });
  };
  sectionTitle('Strengths', undefined, analysis.strengths[0] ? strengthBlock(analysis.strengths[0]) : noStrengths);
  if (analysis.strengths.length === 0) noStrengths(w);
  for (const s of analysis.strengths) keep(strengthBlock(s));

  // ---- Do-Next ---------------------------------------------------------------------------
  const doNext = analysis.doNext.slice(0, 3);
  const doNextBlock = (item: (typeof doNext)[number], i: number) => (x: Writer) => {
    const d = x.doc;
    const y = d.y;
    d.circle(PAGE.margin + 11, y + 9, 11).fill(COLOR.brand);
    x.font('bold', 11, '#ffffff');
    d.text(String(i + 1), PAGE.margin, y + 4, { width: 22, align: 'center', lineBreak: false });
    const gain = item.gain > 0 ? `+${item.gain} FitScore ${item.gain === 1 ? 'point' : 'points'}` : '';
    x.font('bold', 10, COLOR.positive);
    const gainWidth = gain ? d.widthOfString(gain) + 4 : 0;
    if (gain) d.text(gain, PAGE.width - PAGE.margin - gainWidth, y + 1, { width: gainWidth, align: 'right', lineBreak: false });
    x.font('bold', 11, COLOR.ink);
    x.write(item.title, PAGE.margin + 32, y, { width: CONTENT_WIDTH - 40 - gainWidth });
    x.font('regular', 8.5, COLOR.muted);
    d.text(
      `${SUB_SCORE_LABELS[item.dimension]}${item.subScoreGain > 0 ? ` · +${item.subScoreGain} on this dimension` : ''}`,
      PAGE.margin + 32,
      d.y + 1,
      { width: CONTENT_WIDTH - 40 },
    );
    x.font('regular', 10, COLOR.body);
    x.write(item.detail, PAGE.margin + 32, d.y + 2, { width: CONTENT_WIDTH - 40 });
    d.x = PAGE.margin;
    d.y += 12;
  };
  const nothingToDo = (x: Writer) => {
    x.font('regular', 10, COLOR.muted);
    x.text('Nothing pressing: every dimension is in good shape.', { width: CONTENT_WIDTH });
  };
  sectionTitle('Top 3 Do-Next', 'What would raise the score most, with the FitScore points each change is worth.', doNext[0] ? doNextBlock(doNext[0], 0) : nothingToDo);
  if (doNext.length === 0) nothingToDo(w);
  doNext.forEach((item, i) => keep(doNextBlock(item, i)));

  // ---- Key metrics -----------------------------------------------------------------------
  const metrics = reportedKeyMetrics(analysis.keyMetrics);
  const cols = [PAGE.margin + 10, PAGE.margin + 200, PAGE.margin + 340] as const;
  const metricsHead = (x: Writer) => {
    const d = x.doc;
    const headY = d.y;
    d.rect(PAGE.margin, headY - 4, CONTENT_WIDTH, 20).fill(COLOR.panel);
    x.font('bold', 9, COLOR.muted);
    d.text('METRIC', cols[0], headY + 2, { lineBreak: false });
    d.text('VALUE', cols[1], headY + 2, { lineBreak: false });
    d.text('SOURCE', cols[2], headY + 2, { lineBreak: false });
    d.x = PAGE.margin;
    d.y = headY + 22;
  };
  const metricsTable = (x: Writer) => {
    metricsHead(x);
    const d = x.doc;
    for (const { label: metricLabel, metric } of metrics) {
      x.ensureSpace(20);
      const y = d.y;
      x.font('regular', 10, COLOR.body);
      d.text(metricLabel, cols[0], y, { lineBreak: false });
      x.font('bold', 10, COLOR.ink);
      x.write(metric.display, cols[1], y, { width: 130, lineBreak: false });
      x.font('regular', 10, COLOR.muted);
      d.text(keyMetricSource(metric), cols[2], y, { lineBreak: false });
      d.moveTo(PAGE.margin, y + 15).lineTo(PAGE.width - PAGE.margin, y + 15).lineWidth(0.5).strokeColor(COLOR.line).stroke();
      d.x = PAGE.margin;
      d.y = y + 20;
    }
  };
  const noMetrics = (x: Writer) => {
    x.font('regular', 10, COLOR.muted);
    x.text('No metrics were found in the deck or the profile.', { width: CONTENT_WIDTH });
  };
  sectionTitle('Key metrics', 'As found in the profile and the deck; calculated values are derived from them.', metrics.length ? metricsTable : noMetrics);
  if (metrics.length === 0) noMetrics(w);
  else metricsTable(w);

  if (analysis.contradictions.length > 0) {
    const check = (c: (typeof analysis.contradictions)[number]) => (x: Writer) => {
      x.font('regular', 10, COLOR.body);
      x.text(`Slide ${c.page}: ${c.message}`, { width: CONTENT_WIDTH });
      x.doc.moveDown(0.3);
    };
    sectionTitle('Points to check', 'The profile and the deck disagree here; investors will notice.', check(analysis.contradictions[0]!));
    for (const c of analysis.contradictions) keep(check(c));
  }

  // ---- Method ----------------------------------------------------------------------------
  const paragraphs = [
    input.method.overall,
    `Sub-scores are 1-10; bars are green at 8 and above, yellow at 6-7, orange at 4-5 and red below 4. The overall FitScore reads 80+ Strong Match, 60+ Good Match, 40+ Moderate Match, else Weak Match.`,
    input.method.confidence,
    `Benchmarks depend on the stage: what counts as good traction at Pre-seed differs from Series A. This report used ${analysis.stage.value} benchmarks (${stageSource}). The same deck and profile always give the same score under the same engine version.`,
  ];
  const paragraph = (value: string) => (x: Writer) => {
    x.font('regular', 10, COLOR.body);
    x.text(value, { width: CONTENT_WIDTH });
    x.doc.moveDown(0.5);
  };
  sectionTitle("How it's calculated", undefined, paragraph(paragraphs[0]!));
  for (const value of paragraphs) keep(paragraph(value));
  section = null;
  measurer.close();

  // ---- Footer on every page ------------------------------------------------------------
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would start a new page: lift the margin while drawing.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 40;
    doc.moveTo(PAGE.margin, y - 8).lineTo(PAGE.width - PAGE.margin, y - 8).lineWidth(0.5).strokeColor(COLOR.line).stroke();
    font('regular', 8, COLOR.muted);
    write(`FitScore report · ${name} · engine ${score.engineVersion}`, PAGE.margin, y, {
      width: CONTENT_WIDTH - 80,
      lineBreak: false,
      height: 10,
      ellipsis: true,
    });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, PAGE.width - PAGE.margin - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }

  doc.end();
  return done;
}
