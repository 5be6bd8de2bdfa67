/** What a template's placeholders are replaced with. */
export interface ReplyValues {
  company: string;
  fund: string;
  reference: string;
  reasons: string[];
}

/**
 * Writes an applicant email from the fund's template: {company}, {fund}, {reference} and
 * {reasons} (one '- reason' line each) replaced; anything else in braces is left as written.
 * A subject is one line: line breaks a company name might carry are turned into spaces.
 */
export function renderReply(template: string, values: ReplyValues, options: { subject?: boolean } = {}): string {
  const reasons = values.reasons.length > 0 ? values.reasons.map((r) => `- ${r}`).join('\n') : '- Not a fit for us at this time';
  // A platform intro has no reference: '({reference})' is left out rather than written empty.
  const written = values.reference ? template : template.replace(/\s*\(\{reference\}\)/g, '');
  const text = written.replace(/\{(company|fund|reference|reasons)\}/g, (_, key: keyof ReplyValues) =>
    key === 'reasons' ? reasons : values[key],
  );
  return options.subject ? text.replace(/[\r\n]+/g, ' ').trim() : text;
}
