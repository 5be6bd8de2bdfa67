import { COMMENT_MAX_CHARS, STAGE_TRIAGES, type FundStage, type ImportMapping } from '@fitscore/contracts';

/** The longest company name imported (a longer one is not a name: the row is refused). */
export const COMPANY_MAX_CHARS = 200;
const TEXT_MAX_CHARS = 500;
const TAGS_MAX = 20;
const TAG_MAX_CHARS = 40;

export const NO_COMPANY = 'No company name';
export const COMPANY_TOO_LONG = `Company name longer than ${COMPANY_MAX_CHARS} characters`;

/** A fund member an owner cell can name (by email, or by full name). */
export interface ImportMember {
  id: string;
  name: string;
  email: string;
}

/** What rows are read against: the fund's stages and members, and how the date column writes days. */
export interface RowContext {
  stages: readonly FundStage[];
  members: readonly ImportMember[];
  mapping: ImportMapping;
  /** The mapped date column's numeric dates are day first (31/12/2024). */
  dayFirst: boolean;
  now: Date;
}

/** A row of the file as it will be imported. */
export interface ImportRow {
  row: number;
  company: string;
  website: string;
  sector: string;
  geography: string;
  contactEmail: string;
  oneLiner: string;
  /** The fund's stage the deal goes to; `placed` when the file named it (else the fund's first stage). */
  stage: FundStage;
  placed: boolean;
  owner: ImportMember | null;
  date: Date | null;
  tags: string[];
  notes: string;
  deck: string | null;
  refusal: string | null;
  warnings: string[];
}

/** Control characters (NUL above all) no text column can store; tabs and line breaks stay. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff]/g;
const clean = (value: string | undefined) => (value ?? '').replace(UNSTORABLE, '').trim();
const reduced = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '');

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase());

function utcDay(year: number, month: number, day: number): Date | null {
  const y = year < 100 ? 2000 + year : year;
  if (month < 0 || month > 11 || day < 1 || day > 31 || y < 1970 || y > 2100) return null;
  const date = new Date(Date.UTC(y, month, day));
  return date.getUTCMonth() === month ? date : null;
}

/**
 * A date as exports write them: ISO (2024-03-05, with or without a time), numeric with slashes,
 * dots or dashes (day or month first: a number over 12 decides, else the column's habit), or with
 * the month's name (5 Mar 2024, March 5, 2024, 05-Mar-24). Null when it is none of these.
 */
export function parseDate(value: string, dayFirst: boolean): Date | null {
  const v = value.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T ])/.exec(v);
  if (m) {
    if (v.length > 10) {
      const withTime = new Date(v.replace(' ', 'T'));
      if (!Number.isNaN(withTime.getTime())) return withTime;
    }
    return utcDay(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(v);
  if (m) return utcDay(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ T].*)?$/.exec(v);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const dayFirstHere = a > 12 || (b <= 12 && dayFirst);
    return dayFirstHere ? utcDay(Number(m[3]), b - 1, a) : utcDay(Number(m[3]), a - 1, b);
  }
  m = /^(\d{1,2})(?:st|nd|rd|th)?[ -]([A-Za-z]{3,9})\.?,?[ -](\d{2}|\d{4})$/.exec(v);
  if (m && monthOf(m[2]!) >= 0) return utcDay(Number(m[3]), monthOf(m[2]!), Number(m[1]));
  m = /^([A-Za-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(v);
  if (m && monthOf(m[1]!) >= 0) return utcDay(Number(m[3]), monthOf(m[1]!), Number(m[2]));
  return null;
}

/** The fund's stage a cell names: by the stage's name, else by a triage (Hot, Track, Cold, New). */
function stageNamed(stages: readonly FundStage[], value: string): FundStage | undefined {
  const key = reduced(value);
  const byName = stages.find((s) => reduced(s.name) === key);
  if (byName) return byName;
  const triage = STAGE_TRIAGES.find((t) => t === key);
  return triage ? stages.find((s) => s.triage === triage) : undefined;
}

/** The member an owner cell names: an email (one of several, 'Ana <ana@x.com>' too) or a full name. */
function memberNamed(members: readonly ImportMember[], value: string): ImportMember | undefined {
  const emails = value.toLowerCase().match(/[^\s<>,;"']+@[^\s<>,;"']+/g) ?? [];
  for (const email of emails) {
    const member = members.find((m) => m.email.toLowerCase() === email);
    if (member) return member;
  }
  const name = value.trim().toLowerCase();
  return members.find((m) => m.name.trim().toLowerCase() === name);
}

function webAddress(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const cut = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** Reads one row of the file under the mapping: the deal it will be, or why it is refused. */
export function readRow(row: number, cells: readonly string[], ctx: RowContext): ImportRow {
  const cell = (field: keyof ImportMapping) => {
    const index = ctx.mapping[field];
    return index === undefined ? '' : clean(cells[index]);
  };
  const warnings: string[] = [];
  const company = cell('company');
  let refusal: string | null = null;
  if (!company) refusal = NO_COMPANY;
  else if (company.length > COMPANY_MAX_CHARS) refusal = COMPANY_TOO_LONG;

  const first = ctx.stages[0]!;
  const stageCell = cell('stage');
  let stage = first;
  let placed = false;
  if (stageCell) {
    const named = stageNamed(ctx.stages, stageCell);
    if (named) {
      stage = named;
      placed = true;
    } else warnings.push(`Stage "${cut(stageCell, 60)}" is not one of your stages: put in ${first.name}`);
  }

  const ownerCell = cell('owner');
  const owner = ownerCell ? (memberNamed(ctx.members, ownerCell) ?? null) : null;
  if (ownerCell && !owner) warnings.push(`Owner "${cut(ownerCell, 80)}" is not a member of your fund: left unassigned`);

  const dateCell = cell('date');
  let date = dateCell ? parseDate(dateCell, ctx.dayFirst) : null;
  if (dateCell && !date) warnings.push(`Date "${cut(dateCell, 40)}" not understood: dated today`);
  if (date && date.getTime() > ctx.now.getTime()) {
    warnings.push(`Date "${cut(dateCell, 40)}" is in the future: dated today`);
    date = null;
  }

  const tags = [
    ...new Set(
      cell('tags')
        .split(/[,;|\n]/)
        .map((t) => cut(t.trim(), TAG_MAX_CHARS))
        .filter(Boolean),
    ),
  ].slice(0, TAGS_MAX);

  let notes = cell('notes');
  if (notes.length > COMMENT_MAX_CHARS) {
    warnings.push(`Notes longer than ${COMMENT_MAX_CHARS} characters: shortened`);
    notes = cut(notes, COMMENT_MAX_CHARS);
  }

  const deckCell = cell('deck');
  const deck = deckCell ? webAddress(deckCell) : null;
  if (deckCell && !deck) warnings.push(`Deck "${cut(deckCell, 60)}" is not a web address: not fetched`);

  return {
    row,
    company: cut(company, COMPANY_MAX_CHARS),
    website: cut(cell('website'), TEXT_MAX_CHARS),
    sector: cut(cell('sector'), TEXT_MAX_CHARS),
    geography: cut(cell('geography'), TEXT_MAX_CHARS),
    contactEmail: cut(cell('contactEmail'), TEXT_MAX_CHARS),
    oneLiner: cut(cell('oneLiner'), TEXT_MAX_CHARS),
    stage,
    placed,
    owner,
    date,
    tags,
    notes,
    deck,
    refusal,
    warnings,
  };
}
