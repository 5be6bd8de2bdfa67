import JSZip from 'jszip';
import PDFDocument from 'pdfkit';

/** A small text PDF deck, one page per entry, built in memory. */
export function makePdfDeck(pages: string[][], options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [960, 540], margin: 48, autoFirstPage: false, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    for (const [title, ...lines] of pages) {
      doc.addPage();
      doc.fontSize(32).text(title ?? '');
      doc.moveDown();
      doc.fontSize(18);
      for (const line of lines) doc.text(line).moveDown(0.4);
    }
    doc.end();
  });
}

/** A deck with enough of every section for a real analysis. */
export function makeSolidDeck(): Promise<Uint8Array> {
  return makePdfDeck([
    ['Acme Robotics', 'Warehouse picking robots for mid-size retailers', 'Seed round 2026'],
    ['Problem', 'Mid-size warehouses lose 30% of labour hours to manual picking.', 'Pickers walk 12 miles a day.'],
    ['Solution', 'Autonomous picking arms that retrofit existing shelving in one week.'],
    ['Market', 'TAM $45B, SAM $6B, SOM $300M across US and EU mid-size retail.'],
    ['Traction', 'MRR $85K growing 18% MoM', '42 paying customers, 3 pilots converting', 'Net revenue retention 125%'],
    ['Business Model', 'Robots-as-a-service: $2,000 per robot per month', 'Gross margin 68%'],
    ['Go-to-market', 'Direct sales to operations leaders; channel partnership with two 3PLs'],
    ['Competition', 'Locus and 6 River focus on enterprise; we win on retrofit cost'],
    ['Team', 'CEO: ex-Amazon Robotics, prior exit to Zebra', 'CTO: PhD robotics, Stanford'],
    ['Financials', 'Burn $220K per month, runway 18 months', 'CAC $9,000, LTV $120,000'],
    ['The Ask', 'Raising $4M seed at $20M valuation', 'Use of funds: 50% engineering, 30% sales, 20% ops'],
  ]);
}

/** A minimal valid .pptx with one text slide per entry. */
export async function makePptxDeck(slides: string[]): Promise<Uint8Array> {
  const zip = new JSZip();
  const ids = slides.map((_, i) => i + 1);
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${ids
      .map((i) => `<Override PartName="/ppt/slides/slide${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`)
      .join('')}</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
  );
  zip.file(
    'ppt/presentation.xml',
    `<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><p:sldIdLst>${ids
      .map((i) => `<p:sldId id="${255 + i}" r:id="rId${i}"/>`)
      .join('')}</p:sldIdLst></p:presentation>`,
  );
  zip.file(
    'ppt/_rels/presentation.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${ids
      .map((i) => `<Relationship Id="rId${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide${i}.xml"/>`)
      .join('')}</Relationships>`,
  );
  slides.forEach((text, i) => {
    zip.file(
      `ppt/slides/slide${i + 1}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
    );
  });
  return new Uint8Array(await zip.generateAsync({ type: 'uint8array' }));
}

/** A complete, valid founder profile as the API takes it. */
export function validProfile(overrides: Record<string, unknown> = {}) {
  return {
    startup_name: 'Acme Robotics',
    one_liner: 'Warehouse picking robots for mid-size retailers',
    website: 'https://acme-robotics.example',
    stage: 'Seed',
    business_model: 'B2B',
    revenue_stage: 'Revenue',
    hq_geo: 'Berlin, Germany',
    target_geo: 'US, EU',
    industry: 'AI/ML',
    team_size: 14,
    round_target_amount: 4_000_000,
    committed_amount: 1_500_000,
    instrument: 'SAFE',
    mrr: 85_000,
    mom_growth: 18,
    gross_margin: 68,
    paying_customers: 42,
    cac: 9000,
    ltv: 120_000,
    burn: 220_000,
    cash: 3_960_000,
    founders: [{ name: 'Ada Lovelace', linkedin_url: 'https://www.linkedin.com/in/ada', commitment: 'Full-time' }],
    ...overrides,
  };
}

/** Multipart body with one file in the field `file`. */
export function fileForm(bytes: Uint8Array, filename: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([bytes]), filename);
  return form;
}
