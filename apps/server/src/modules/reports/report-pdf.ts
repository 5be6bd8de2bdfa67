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
import { fontFor, registerReportFonts, type FontWeight } from './report-fonts.ts';

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

/** Bidirectional overrides, isolates and marks: they would reorder the printed text. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f]/g;

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

/**
 * Renders the FitScore report with embedded Noto fonts (report-fonts.ts): any Latin, Cyrillic or
 * Greek text in Noto Sans, a text with Chinese/Japanese/Korean characters in Noto Sans CJK.
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
  let weight: FontWeight = 'regular';
  /** The text to print, with the font switched to the one whose script it needs. */
  const printable = (value: string) => {
    const clean = pdfSafe(value);
    doc.font(fontFor(weight, clean));
    return clean;
  };
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(printable(value), options);
  const heightOf = (value: string, width: number) => doc.heightOfString(printable(value), { width });
  const font = (w: FontWeight, size: number, color: string = COLOR.body) => {
    weight = w;
    return doc.font(fontFor(w, '')).fontSize(size).fillColor(color);
  };

  /** Starts a new page when fewer than `height` points are left. */
  const ensureSpace = (height: number) => {
    if (doc.y + height > PAGE.height - PAGE.bottom) doc.addPage();
  };

  const sectionTitle = (title: string, intro?: string) => {
    ensureSpace(intro ? 90 : 60);
    doc.moveDown(0.6);
    font('bold', 16, COLOR.ink);
    text(title, { width: CONTENT_WIDTH });
    const y = doc.y + 4;
    doc.moveTo(PAGE.margin, y).lineTo(PAGE.margin + 36, y).lineWidth(2).strokeColor(COLOR.brand).stroke();
    doc.y = y + 10;
    if (intro) {
      font('regular', 10, COLOR.muted);
      text(intro, { width: CONTENT_WIDTH });
      doc.moveDown(0.6);
    }
  };

  const bar = (x: number, y: number, width: number, height: number, value: number) => {
    doc.roundedRect(x, y, width, height, height / 2).fill(COLOR.track);
    const filled = Math.max(height, (width * Math.max(0, Math.min(10, value))) / 10);
    doc.roundedRect(x, y, filled, height, height / 2).fill(BAR[subScoreTone(value)]);
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

  // At a glance: the nine sub-scores.
  doc.y += 22;
  const glanceTop = doc.y;
  doc.roundedRect(PAGE.margin, glanceTop, CONTENT_WIDTH, 9 * 20 + 44, 10).fill(COLOR.panel);
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

  // ---- Sub-scores with evidence --------------------------------------------------------
  doc.addPage();
  const stageSource =
    analysis.stage.source === 'profile' ? 'from the profile' : analysis.stage.source === 'deck' ? 'read from the deck' : 'assumed';
  sectionTitle(
    'Score breakdown',
    `Each dimension is scored 1-10 from explicit rules over the facts found in the deck and the profile. Benchmarks are taken at the ${analysis.stage.value} stage (${stageSource}).`,
  );
  for (const key of SUB_SCORE_KEYS) {
    const detail = analysis.subScores[key];
    font('regular', 10, COLOR.body);
    const summaryHeight = heightOf(detail.summary, CONTENT_WIDTH);
    ensureSpace(40 + summaryHeight + 30);
    const top = doc.y;
    font('bold', 12, COLOR.ink);
    doc.text(SUB_SCORE_LABELS[key], PAGE.margin, top, { width: CONTENT_WIDTH - 60, lineBreak: false });
    doc.text(`${detail.score}/10`, PAGE.width - PAGE.margin - 60, top, { width: 60, align: 'right', lineBreak: false });
    bar(PAGE.margin, top + 18, CONTENT_WIDTH, 6, detail.score);
    doc.x = PAGE.margin;
    doc.y = top + 32;
    font('regular', 10, COLOR.body);
    text(detail.summary, { width: CONTENT_WIDTH });

    doc.moveDown(0.4);
    ensureSpace(28);
    font('bold', 8, COLOR.muted);
    text('EVIDENCE', { width: CONTENT_WIDTH, characterSpacing: 0.6 });
    doc.moveDown(0.15);
    if (detail.evidence.length === 0) {
      font('regular', 9.5, COLOR.muted);
      text('No evidence was found for this dimension in the deck or the profile.', { width: CONTENT_WIDTH });
    }
    for (const e of detail.evidence.slice(0, MAX_EVIDENCE)) {
      const where = e.page ? `Slide ${e.page}` : 'Profile';
      const quote = e.quote.length > 220 ? `${e.quote.slice(0, 217)}...` : e.quote;
      font('regular', 9.5, COLOR.body);
      const h = heightOf(`${where}${e.source === 'llm' ? ' (model, verified)' : ''}: “${quote}”`, CONTENT_WIDTH - 12);
      ensureSpace(h + 4);
      const y = doc.y;
      doc.circle(PAGE.margin + 3, y + 4.2, 1.6).fill(COLOR.muted);
      font('bold', 9.5, COLOR.ink);
      doc.text(printable(`${where}${e.source === 'llm' ? ' (model, verified)' : ''}: `), PAGE.margin + 12, y, {
        width: CONTENT_WIDTH - 12,
        continued: true,
      });
      font('regular', 9.5, COLOR.body);
      doc.text(printable(`“${quote}”`), { width: CONTENT_WIDTH - 12 });
      doc.moveDown(0.15);
    }
    if (detail.evidence.length > MAX_EVIDENCE) {
      font('regular', 9, COLOR.muted);
      doc.text(`and ${detail.evidence.length - MAX_EVIDENCE} more`, PAGE.margin + 12, doc.y, { width: CONTENT_WIDTH - 12 });
    }

    if (detail.rules.length > 0) {
      doc.x = PAGE.margin;
      doc.moveDown(0.3);
      ensureSpace(28);
      font('bold', 8, COLOR.muted);
      text('RULES APPLIED', { width: CONTENT_WIDTH, characterSpacing: 0.6 });
      doc.moveDown(0.15);
      for (const rule of detail.rules) {
        font('regular', 9.5, COLOR.body);
        const h = heightOf(rule.description, CONTENT_WIDTH - 60);
        ensureSpace(h + 3);
        const y = doc.y;
        doc.text(printable(rule.description), PAGE.margin + 12, y, { width: CONTENT_WIDTH - 72 });
        const after = doc.y;
        font('bold', 9.5, rule.points >= 0 ? COLOR.positive : COLOR.negative);
        doc.text(formatPoints(rule.points), PAGE.width - PAGE.margin - 50, y, { width: 50, align: 'right', lineBreak: false });
        doc.x = PAGE.margin;
        doc.y = after + 2;
      }
    }
    doc.x = PAGE.margin;
    doc.moveDown(0.5);
    const sep = doc.y;
    if (sep < PAGE.height - PAGE.bottom - 20) {
      doc.moveTo(PAGE.margin, sep).lineTo(PAGE.width - PAGE.margin, sep).lineWidth(0.5).strokeColor(COLOR.line).stroke();
    }
    doc.y = sep + 12;
  }

  // ---- Strengths -------------------------------------------------------------------------
  sectionTitle('Strengths');
  if (analysis.strengths.length === 0) {
    font('regular', 10, COLOR.muted);
    text('No dimension stands out yet. The Do-Next list below shows where to start.', { width: CONTENT_WIDTH });
  }
  for (const s of analysis.strengths) {
    font('regular', 10, COLOR.body);
    const h = heightOf(s.text, CONTENT_WIDTH - 16) + 14;
    ensureSpace(h + 6);
    const y = doc.y;
    doc.roundedRect(PAGE.margin, y + 1, 4, h - 2, 2).fill(RING.green);
    font('bold', 8.5, COLOR.positive);
    doc.text(SUB_SCORE_LABELS[s.dimension].toUpperCase(), PAGE.margin + 14, y, { width: CONTENT_WIDTH - 16, characterSpacing: 0.5 });
    font('regular', 10, COLOR.body);
    doc.text(printable(s.text), PAGE.margin + 14, doc.y + 1, { width: CONTENT_WIDTH - 16 });
    doc.x = PAGE.margin;
    doc.y += 8;
  }

  // ---- Do-Next ---------------------------------------------------------------------------
  sectionTitle('Top 3 Do-Next', 'What would raise the score most, with the FitScore points each change is worth.');
  const doNext = analysis.doNext.slice(0, 3);
  if (doNext.length === 0) {
    font('regular', 10, COLOR.muted);
    text('Nothing pressing: every dimension is in good shape.', { width: CONTENT_WIDTH });
  }
  doNext.forEach((item, i) => {
    font('regular', 10, COLOR.body);
    const h = heightOf(item.detail, CONTENT_WIDTH - 40) + 34;
    ensureSpace(h + 8);
    const y = doc.y;
    doc.circle(PAGE.margin + 11, y + 9, 11).fill(COLOR.brand);
    font('bold', 11, '#ffffff');
    doc.text(String(i + 1), PAGE.margin, y + 4, { width: 22, align: 'center', lineBreak: false });
    const gain = item.gain > 0 ? `+${item.gain} FitScore points` : '';
    font('bold', 10, COLOR.positive);
    const gainWidth = gain ? doc.widthOfString(gain) + 4 : 0;
    if (gain) doc.text(gain, PAGE.width - PAGE.margin - gainWidth, y + 1, { width: gainWidth, align: 'right', lineBreak: false });
    font('bold', 11, COLOR.ink);
    doc.text(printable(item.title), PAGE.margin + 32, y, { width: CONTENT_WIDTH - 40 - gainWidth });
    font('regular', 8.5, COLOR.muted);
    doc.text(
      `${SUB_SCORE_LABELS[item.dimension]}${item.subScoreGain > 0 ? ` · +${item.subScoreGain} on this dimension` : ''}`,
      PAGE.margin + 32,
      doc.y + 1,
      { width: CONTENT_WIDTH - 40 },
    );
    font('regular', 10, COLOR.body);
    doc.text(printable(item.detail), PAGE.margin + 32, doc.y + 2, { width: CONTENT_WIDTH - 40 });
    doc.x = PAGE.margin;
    doc.y += 12;
  });

  // ---- Key metrics -----------------------------------------------------------------------
  const metrics = reportedKeyMetrics(analysis.keyMetrics);
  // Keep the heading and the table on one page when they fit on one.
  const tableHeight = 22 + metrics.length * 20 + 90;
  if (tableHeight < PAGE.height - PAGE.bottom - PAGE.margin) ensureSpace(tableHeight);
  sectionTitle('Key metrics', 'As found in the profile and the deck; calculated values are derived from them.');
  if (metrics.length === 0) {
    font('regular', 10, COLOR.muted);
    text('No metrics were found in the deck or the profile.', { width: CONTENT_WIDTH });
  } else {
    const cols = [PAGE.margin + 10, PAGE.margin + 200, PAGE.margin + 340];
    ensureSpace(40);
    const headY = doc.y;
    doc.rect(PAGE.margin, headY - 4, CONTENT_WIDTH, 20).fill(COLOR.panel);
    font('bold', 9, COLOR.muted);
    doc.text('METRIC', cols[0]!, headY + 2, { lineBreak: false });
    doc.text('VALUE', cols[1]!, headY + 2, { lineBreak: false });
    doc.text('SOURCE', cols[2]!, headY + 2, { lineBreak: false });
    doc.y = headY + 22;
    for (const { label: metricLabel, metric } of metrics) {
      ensureSpace(20);
      const y = doc.y;
      const source = keyMetricSource(metric);
      font('regular', 10, COLOR.body);
      doc.text(metricLabel, cols[0]!, y, { lineBreak: false });
      font('bold', 10, COLOR.ink);
      doc.text(printable(metric.display), cols[1]!, y, { width: 130, lineBreak: false });
      font('regular', 10, COLOR.muted);
      doc.text(source, cols[2]!, y, { lineBreak: false });
      doc
        .moveTo(PAGE.margin, y + 15)
        .lineTo(PAGE.width - PAGE.margin, y + 15)
        .lineWidth(0.5)
        .strokeColor(COLOR.line)
        .stroke();
      doc.y = y + 20;
    }
    doc.x = PAGE.margin;
  }

  if (analysis.contradictions.length > 0) {
    sectionTitle('Points to check', 'The profile and the deck disagree here; investors will notice.');
    for (const c of analysis.contradictions) {
      font('regular', 10, COLOR.body);
      ensureSpace(heightOf(c.message, CONTENT_WIDTH) + 6);
      text(`Slide ${c.page}: ${c.message}`, { width: CONTENT_WIDTH });
      doc.moveDown(0.3);
    }
  }

  // ---- Method ----------------------------------------------------------------------------
  sectionTitle("How it's calculated");
  font('regular', 10, COLOR.body);
  for (const paragraph of [
    input.method.overall,
    `Sub-scores are 1-10; bars are green at 8 and above, yellow at 6-7, orange at 4-5 and red below 4. The overall FitScore reads 80+ Strong Match, 60+ Good Match, 40+ Moderate Match, else Weak Match.`,
    input.method.confidence,
    `Benchmarks depend on the stage: what counts as good traction at Pre-seed differs from Series A. This report used ${analysis.stage.value} benchmarks (${stageSource}). The same deck and profile always give the same score under the same engine version.`,
  ]) {
    ensureSpace(heightOf(paragraph, CONTENT_WIDTH) + 8);
    text(paragraph, { width: CONTENT_WIDTH });
    doc.moveDown(0.5);
  }

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
    doc.text(printable(`FitScore report · ${name} · engine ${score.engineVersion}`), PAGE.margin, y, {
      width: CONTENT_WIDTH - 80,
      lineBreak: false,
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
