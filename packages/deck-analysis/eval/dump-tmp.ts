import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
const file = process.argv[2]!;
const bytes = new Uint8Array(await readFile(file));
const key = `${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}-1.1.0.json`;
const deck = JSON.parse(await readFile(`/work/wt-scoring/packages/deck-analysis/node_modules/.cache/deck-eval/${key}`, 'utf8'));
for (const p of deck.pages) console.log(`=== p${p.number} [${p.title}] (${p.source})\n${p.text}${p.notes ? '\n--notes: ' + p.notes : ''}`);
