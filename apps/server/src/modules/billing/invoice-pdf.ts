import PDFDocument from 'pdfkit';
import { fontFor, registerReportFonts, type FontWeight } from '../reports/report-fonts.ts';
import { pdfSafe } from '../reports/report-pdf.ts';
import type { InvoiceRecord } from './billing.provider.ts';

const INK = '#0f172a';
const MUTED = '#64748b';
const LINE = '#e2e8f0';
const BRAND = '#4f46e5';
const STATUS = { paid: 'Paid', open: 'Open', void: 'Void' } as const;

const day = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** An invoice as a one-page A4 PDF: who is billed, the line, the period, the total and its status. */
export function invoicePdf({ invoice, billTo }: { invoice: InvoiceRecord; billTo: string }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Invoice ${invoice.number}`, Author: 'FitScore', CreationDate: invoice.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerReportFonts(doc);
  const text = (value: string, weight: FontWeight, size: number, color: string, options?: PDFKit.Mixins.TextOptions) => {
    const clean = pdfSafe(value);
    doc.font(fontFor(weight, clean)).fontSize(size).fillColor(color).text(clean, options);
  };
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  text('FitScore', 'bold', 20, BRAND);
  text(`Invoice ${invoice.number}`, 'bold', 16, INK, { align: 'right' });
  doc.moveDown(1.5);
  text('Billed to', 'regular', 9, MUTED);
  text(billTo, 'bold', 12, INK);
  doc.moveDown();
  text(`Issued ${day(invoice.createdAt)}`, 'regular', 10, MUTED);
  text(`Status: ${STATUS[invoice.status]}`, 'regular', 10, MUTED);
  doc.moveDown(2);

  const row = (label: string, value: string, weight: FontWeight) => {
    const y = doc.y;
    text(label, weight, 11, INK, { width: width - 140 });
    const after = doc.y;
    doc.y = y;
    text(value, weight, 11, INK, { width: width, align: 'right' });
    doc.y = Math.max(after, doc.y) + 6;
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor(LINE).lineWidth(1).stroke();
    doc.y += 8;
  };
  row('Description', 'Amount', 'bold');
  row(`${invoice.description}\n${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`, money(invoice.amountCents, invoice.currency), 'regular');
  row('Total', money(invoice.amountCents, invoice.currency), 'bold');
  doc.moveDown(2);
  text('Thank you for using FitScore.', 'regular', 10, MUTED);
  doc.end();
  return done;
}
