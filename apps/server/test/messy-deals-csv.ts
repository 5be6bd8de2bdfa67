/**
 * A deal-flow export as funds really have them (for the CSV import's tests and benchmark, built in
 * memory, never committed): a byte-order mark, blank lines and lines of empty cells, names and
 * notes with quoted commas, quotes and line breaks, dates in several formats (and some unreadable),
 * owners who are and are not members, stages the fund has and does not have, rows with no company
 * name, and rows that repeat an earlier company (merged, not doubled).
 */
export interface MessyCsvOptions {
  rows: number;
  /** Emails of the fund's members: some owner cells name them, some name people who are not members. */
  memberEmails: readonly string[];
  /** The fund's stage names: some rows are in them, in other cases; some in stages the fund lacks. */
  stageNames: readonly string[];
  /** A deck URL for some rows (none by default). */
  deckUrl?: (row: number) => string | null;
}

export interface MessyCsv {
  csv: string;
  /** What the import should report. */
  expected: { imported: number; merged: number; refused: number; rows: number };
  /** The company of a data row (1-based), as written. */
  companyOf: (row: number) => string;
}

export const MESSY_HEADER = ['Organization Name', 'Website', 'Status', 'Deal Lead', 'Date Added', 'Labels', 'Notes', 'Pitch deck URL', 'Industry', 'Location'];

const WORDS = ['Nova', 'Quill', 'Atlas', 'Ember', 'Lumen', 'Orbit', 'Pique', 'Rivet', 'Sable', 'Tonic'];
const KINDS = ['Labs', 'Robotics', 'Health', 'Pay', 'Grid', 'AI', 'Bio', 'Freight', 'Learn', 'Cloud'];
const SECTORS = ['SaaS', 'Fintech', 'Energy', 'Healthtech', 'Climate'];
const PLACES = ['Berlin, Germany', 'New York, USA', 'Paris', 'Lagos, Nigeria', 'Singapore'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** The date of a row in one of several formats (a readable day in 2023-2024, or now and then none). */
function dateCell(i: number): string {
  const month = i % 12;
  const day = (i % 28) + 1;
  const year = 2023 + (i % 2);
  const mm = String(month + 1).padStart(2, '0');
  const dd = String(day).padStart(2, '0');
  switch (i % 7) {
    case 0:
      return `${year}-${mm}-${dd}`;
    case 1:
      return `${month + 1}/${day}/${year}`;
    case 2:
      return `${MONTHS[month]} ${day}, ${year}`;
    case 3:
      return `${day} ${MONTHS[month]} ${year}`;
    case 4:
      return `${year}-${mm}-${dd}T09:30:00Z`;
    case 5:
      return i % 5 === 0 ? 'sometime last spring' : `${mm}/${dd}/${year}`;
    default:
      return '';
  }
}

export function messyDealsCsv({ rows, memberEmails, stageNames, deckUrl = () => null }: MessyCsvOptions): MessyCsv {
  const lines: string[] = [MESSY_HEADER.map(quote).join(',')];
  const companies: string[] = [];
  let refused = 0;
  let merged = 0;
  const nameOf = (i: number) => `${WORDS[i % 10]} ${KINDS[Math.floor(i / 10) % 10]} ${i}`;
  for (let i = 1; i <= rows; i += 1) {
    // Every 50th row has no company name; every 40th repeats an earlier company (another case, a legal suffix).
    const blank = i % 50 === 0;
    const repeat = !blank && i % 40 === 0 && i > 40;
    const base = repeat ? i - 37 : i;
    let company = blank ? '' : nameOf(base);
    if (repeat) company = `${company.toUpperCase()}, Inc.`;
    else if (i % 9 === 0 && !blank) company = `${company}, Ltd`;
    if (blank) refused += 1;
    if (repeat) merged += 1;
    companies.push(company);
    const website = i % 3 === 0 ? '' : `https://www.${nameOf(base).toLowerCase().replace(/\s+/g, '-')}.io`;
    const stageIndex = i % (stageNames.length + 2);
    const stage = stageIndex < stageNames.length ? (i % 2 ? stageNames[stageIndex]! : stageNames[stageIndex]!.toUpperCase()) : stageIndex === stageNames.length ? 'Legacy Pipeline' : '';
    const owner =
      i % 4 === 0 ? (memberEmails[i % memberEmails.length] ?? '').toUpperCase() : i % 4 === 1 ? (memberEmails[i % memberEmails.length] ?? '') : i % 4 === 2 ? 'former.partner@oldfund.com' : '';
    const tags = i % 3 === 0 ? 'b2b, seed; warm intro' : i % 3 === 1 ? 'climate|hardware' : '';
    const notes =
      i % 5 === 0 ? `Met at demo day, liked the team. Said "we'll close, soon"\nFollow up in Q${(i % 4) + 1}` : i % 5 === 1 ? `Intro via ${nameOf(i + 1)}, strong founder` : '';
    const cells = [company, website, stage, owner, dateCell(i), tags, notes, deckUrl(i) ?? '', SECTORS[i % SECTORS.length]!, PLACES[i % PLACES.length]!];
    lines.push(cells.map(quote).join(','));
    if (i % 97 === 0) lines.push('');
    if (i % 131 === 0) lines.push(',,,,,,,,,');
  }
  return {
    csv: `\uFEFF${lines.join('\r\n')}\r\n\r\n`,
    expected: { imported: rows - refused - merged, merged, refused, rows },
    companyOf: (row) => companies[row - 1]!,
  };
}
