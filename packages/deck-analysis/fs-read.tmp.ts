import { readFileSync } from 'node:fs';
import { readDeck } from './src/index.ts';
import { assessReadability } from './src/readability.ts';
for (const f of process.argv.slice(2)) {
  const t0 = Date.now();
  const deck = await readDeck(readFileSync(f));
  const r = assessReadability(deck.pages);
  console.log(f.split('/').pop(), Date.now()-t0, 'ms', JSON.stringify(r.pages.map(p=>[p.page,p.words,p.figures,p.smallestTextPt,p.lowestContrast])));
  for (const x of r.findings) console.log('  ', x.evidence);
}
