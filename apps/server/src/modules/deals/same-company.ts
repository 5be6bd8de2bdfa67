/**
 * How an arrival is recognised as a company the fund already has (every channel: form, email,
 * webhook, platform intros): the same website host, or the same name once case, accents,
 * punctuation and legal suffixes are set aside. The same deck bytes are matched in SQL.
 */

/** A website's host without scheme, `www.`, port, path or case: 'https://www.Acme.io/about' → 'acme.io'. */
export function normaliseDomain(website: string): string | null {
  const trimmed = website.trim().toLowerCase();
  if (!trimmed) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`);
    const host = url.hostname.replace(/^www\./, '').replace(/\.$/, '');
    return host.includes('.') ? host : null;
  } catch {
    return null;
  }
}

const COMPANY_SUFFIX = /\b(inc|llc|ltd|limited|gmbh|sas|sarl|bv|ag|corp|corporation|co|plc|sa|srl)\b\.?/g;

/** A company name for matching: case, accents, punctuation and legal suffixes do not count. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(COMPANY_SUFFIX, ' ')
    .replace(/\s+/g, '')
    .trim();
}
