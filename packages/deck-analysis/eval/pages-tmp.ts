import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { deckReport } from '../src/report/deck-report.ts';
import { ENGINE_VERSION } from '../src/version.ts';
const labels = JSON.parse(await readFile('/work/shared/fixtures/decks/labels.json', 'utf8'));
for (const l of labels) {
  const bytes = new Uint8Array(await readFile(`/work/shared/fixtures/decks/real/${l.file}`));
  const key = `${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}-${ENGINE_VERSION}.json`;
  const deck = JSON.parse(await readFile(`node_modules/.cache/deck-eval/${key}`, 'utf8'));
  const r = deckReport(deck, null);
  console.log(`## ${l.file}`);
  for (const p of l.pages) {
    const found = Object.entries(r.sections).filter(([, ps]) => (ps as number[]).includes(p.page)).map(([k]) => k);
    const pg = deck.pages[p.page - 1];
    const ok = JSON.stringify([...found].sort()) === JSON.stringify([...p.sections].sort());
    console.log(`${ok ? '  ' : 'XX'} p${p.page} L=${p.sections.join(',')} F=${found.join(',')} | ${(pg.title ?? '').slice(0, 30)} | ${pg.text.replace(/\n/g, ' / ').slice(0, 110)}`);
  }
}
