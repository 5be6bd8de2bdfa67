import PDFDocument from 'pdfkit';

/**
 * The sample pitch deck the webhook docs' "Try it" request sends (GET /docs/sample-deck.pdf):
 * generated here, ten landscape slides of a made-up company with the sections and current
 * figures a deck is scored on, so a copied request makes a real, scored deal.
 */
const SLIDES: { title: string; lines: string[] }[] = [
  { title: 'Acme Robotics', lines: ['Warehouse picking robots for mid-size retailers', 'Seed round pitch deck, 2026', 'Berlin, Germany'] },
  {
    title: 'Problem',
    lines: [
      'Mid-size warehouses lose 30% of picking hours to walking between shelves.',
      'Pickers are hard to hire: 1 in 4 positions stays open for more than 3 months.',
      'Existing robots need a new building layout and cost more than $1M per site.',
    ],
  },
  {
    title: 'Solution',
    lines: [
      'Acme robots drive to the shelf and bring the tote to the picker, in the existing layout.',
      'Installed in 2 days, rented per robot per month, no change to the building.',
      'Our fleet software plans routes for 50 robots at once and learns the busiest aisles.',
    ],
  },
  {
    title: 'Market',
    lines: [
      'TAM: $18B warehouse automation spend in Europe and the US (Interact Analysis, 2025).',
      'SAM: $4B for warehouses of 5,000 to 50,000 square metres.',
      'SOM: $120M within 5 years, 600 sites at $200K a year.',
      'The market grows 14% a year as labour costs rise.',
    ],
  },
  {
    title: 'Traction',
    lines: [
      'MRR of $42K today, up from $12K twelve months ago: 11% month-over-month growth.',
      '9 paying customers with 64 robots in operation; 3 pilots converting in Q1.',
      'Net revenue retention of 135%: every customer added robots after the first quarter.',
    ],
  },
  {
    title: 'Business Model',
    lines: [
      'Robots as a service: $1,100 per robot per month, 3-year contracts.',
      'Gross margin of 58% today, 70% at 500 robots.',
      'CAC of $18K per customer, LTV of $210K: LTV:CAC of 11x, payback in 7 months.',
    ],
  },
  {
    title: 'Go-to-Market',
    lines: [
      'Direct sales to operations directors, with a 6-week sales cycle.',
      'Partnership with two warehouse system integrators for referrals.',
      'Trade shows and case studies with our first customers.',
    ],
  },
  {
    title: 'Competition',
    lines: [
      'Locus and 6 River Systems target large sites with long installations.',
      'Manual carts are cheap but do not save walking time.',
      'Acme: the only rental robot installed in days in an existing layout.',
    ],
  },
  {
    title: 'Team',
    lines: [
      'Jane Doe, CEO: 8 years running warehouse operations at a European retailer.',
      'Sam Lee, CTO: former robotics lead at an autonomous vehicle company, PhD in robotics.',
      '14 engineers and operators; advisors from logistics and manufacturing.',
    ],
  },
  {
    title: 'Financials and the Ask',
    lines: [
      'Raising $2.5M seed to reach 300 robots and $150K MRR in 18 months.',
      'Monthly burn of $110K, 22 months of runway after the round.',
      'Use of funds: 50% engineering, 30% sales, 20% robot fleet.',
    ],
  },
];

export function sampleDeckPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: [960, 540], margin: 60, info: { Title: 'Acme Robotics pitch deck (sample)', Author: 'FitScore' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  SLIDES.forEach((slide, i) => {
    if (i > 0) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(i === 0 ? 44 : 32).fillColor('#1e293b').text(slide.title, 60, i === 0 ? 170 : 60);
    doc.moveDown(0.8).font('Helvetica').fontSize(i === 0 ? 22 : 18).fillColor('#334155');
    for (const line of slide.lines) doc.text(line, { width: 840 }).moveDown(0.5);
  });
  doc.end();
  return done;
}
