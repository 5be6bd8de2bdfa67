import { readableTextOn } from '@fitscore/contracts';
import type { AppliedBrand } from './branding.service.ts';

const DEFAULT_COLOR = '#4f46e5';
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The HTML part of an email a fund sends a founder under its brand: its logo and name on a bar of
 * its colour, the message as written (the plain-text part stays the same words), and 'Powered by
 * FitScore' unless the fund hid it. Inline styles and a table: what mail clients render.
 */
export function brandedEmailHtml(brand: AppliedBrand, text: string): string {
  const color = brand.primaryColor ?? DEFAULT_COLOR;
  const ink = readableTextOn(color);
  const name = escape(brand.displayName);
  const logo = brand.logoUrl ? `<img src="${escape(brand.logoUrl)}" alt="${name}" height="40" style="display:block;max-height:40px;border:0">` : '';
  const body = escape(text).replace(/\r?\n/g, '<br>\n');
  const footer = brand.poweredBy ? `<tr><td style="padding:16px 24px;color:#6b7280;font-size:12px">Powered by FitScore</td></tr>` : '';
  return `<!doctype html>
<html><body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${color};color:${ink};padding:16px 24px;font-size:18px;font-weight:bold">${logo}${logo ? '' : name}</td></tr>
<tr><td style="padding:24px;color:#111827;font-size:15px;line-height:1.5">${body}</td></tr>
${footer}
</table></td></tr></table>
</body></html>
`;
}
