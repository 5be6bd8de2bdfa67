import { describe, expect, it } from 'vitest';
import { deckFacts } from '../understand/facts.ts';
import { makePlacedTextPdf, type PlacedText } from '../testing/generate-decks.ts';
import { readPdf } from './pdf-reader.ts';
import { layoutPage } from './text-layout.ts';

/** Two columns whose rows are drawn in turn (left row 1, right row 1, left row 2, ...). */
function interleaved(left: string[], right: string[], top = 130, pitch = 22): PlacedText[] {
  const out: PlacedText[] = [];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    if (left[i]) out.push({ text: left[i]!, x: 48, y: top + i * pitch });
    if (right[i]) out.push({ text: right[i]!, x: 500, y: top + i * pitch });
  }
  return out;
}

const factsOf = async (items: PlacedText[]) => {
  const deck = await readPdf(await makePlacedTextPdf([items]));
  return { page: deck.pages[0]!, facts: deckFacts(deck.pages) };
};

describe('multi-column slides', () => {
  const LEFT = ['Traction since our launch in March', 'MRR of $45K, up 18% MoM since March', 'with 120 paying customers in retail'];
  const RIGHT = ['The team behind the product today', 'Churn stays under 2% for every cohort', 'and a team of 14 engineers in Berlin'];

  it('reads each column top to bottom, under a title spanning both', async () => {
    const { page, facts } = await factsOf([{ text: 'Traction and team: where the company stands now', x: 48, y: 60, size: 30, bold: true }, ...interleaved(LEFT, RIGHT)]);
    expect(page.text.split('\n')).toEqual(['Traction and team: where the company stands now', ...LEFT, ...RIGHT]);
    // Each figure is quoted with its own column's words, never the neighbouring column's (a line
    // starting in lower case continues its column's sentence, so the quote is that sentence).
    const quote = (kind: string) => facts.find((f) => f.kind === kind)?.quote;
    expect(quote('mrr')).toBe(`${LEFT[1]} ${LEFT[2]}`);
    expect(quote('momGrowth')).toBe(`${LEFT[1]} ${LEFT[2]}`);
    expect(quote('payingCustomers')).toBe(`${LEFT[1]} ${LEFT[2]}`);
    expect(quote('churn')).toBe(`${RIGHT[1]} ${RIGHT[2]}`);
    expect(quote('teamSize')).toBe(`${RIGHT[1]} ${RIGHT[2]}`);
  });

  it('keeps a table row whole: label and figures read across', async () => {
    const rows = [
      ['Metric', '2023', '2024'],
      ['Revenue', '$1.2M', '$2.4M'],
      ['Gross margin', '61%', '68%'],
      ['Paying customers', '40', '95'],
    ];
    const items = rows.flatMap((r, i) => r.map((c, k) => ({ text: c, x: 48 + k * 260, y: 130 + i * 24 })));
    const { page } = await factsOf([{ text: 'Financials', x: 48, y: 60, size: 30, bold: true }, ...items]);
    expect(page.text.split('\n')).toEqual(['Financials', 'Metric 2023 2024', 'Revenue $1.2M $2.4M', 'Gross margin 61% 68%', 'Paying customers 40 95']);
  });
});

describe('metric grids', () => {
  // Big figures over their labels, the labels on one or two lines; the figures drawn first.
  const grid: PlacedText[] = [
    { text: 'Traction', x: 48, y: 50, size: 30, bold: true },
    { text: '$1.2M', x: 60, y: 140, size: 40, bold: true },
    { text: '140%', x: 360, y: 140, size: 40, bold: true },
    { text: '85', x: 660, y: 140, size: 40, bold: true },
    { text: 'ARR', x: 60, y: 190 },
    { text: 'Net revenue', x: 360, y: 190 },
    { text: 'retention', x: 360, y: 208 },
    { text: 'Paying', x: 660, y: 190 },
    { text: 'customers', x: 660, y: 208 },
    { text: '$38K', x: 60, y: 290, size: 40, bold: true },
    { text: '3%', x: 360, y: 290, size: 40, bold: true },
    { text: '14', x: 660, y: 290, size: 40, bold: true },
    { text: 'Monthly burn', x: 60, y: 340 },
    { text: 'Monthly churn', x: 360, y: 340 },
    { text: 'Employees', x: 660, y: 340 },
  ];

  it('puts each big figure with the label beneath it', async () => {
    const { page, facts } = await factsOf(grid);
    expect(page.text.split('\n')).toEqual([
      'Traction',
      'ARR $1.2M',
      'Net revenue retention 140%',
      'Paying customers 85',
      'Monthly burn $38K',
      'Monthly churn 3%',
      'Employees 14',
    ]);
    const value = (kind: string) => facts.filter((f) => f.kind === kind).map((f) => f.value);
    expect(value('arr')).toEqual([1_200_000]);
    expect(value('retention')).toEqual([140]);
    expect(value('payingCustomers')).toEqual([85]);
    expect(value('burn')).toEqual([38_000]);
    expect(value('churn')).toEqual([3]);
    expect(value('teamSize')).toEqual([14]);
  });

  it('leaves a lone figure over a sentence, and a chart axis, as they are', () => {
    const item = (str: string, x: number, y: number, size = 12) => ({ str, x, y, width: str.length * size * 0.5, size, hasEOL: false });
    // One figure only (no grid row), and year labels under bars (digits, not labels).
    const layout = layoutPage(
      [item('$2M', 50, 400, 36), item('raised from angels so far', 50, 380), item('$1M', 50, 200, 20), item('$3M', 200, 200, 20), item('2023', 50, 185), item('2024', 200, 185)],
      540,
    );
    expect(layout.lines).toEqual(['$2M', 'raised from angels so far', '$1M $3M', '2023 2024']);
  });
});
