/**
 * Tesseract's TSV output to text. Slides mix text with photos and charts, and OCR of
 * a photo yields confident-looking junk ('ou XN 7 [='): we keep only words whose
 * confidence reaches MIN_WORD_CONFIDENCE, and lines that still hold real letters.
 */
export const MIN_WORD_CONFIDENCE = 60;

export interface OcrText {
  text: string;
  title: string | null;
}

interface OcrLine {
  words: string[];
  top: number;
  height: number;
}

export function tsvToText(tsv: string): OcrText {
  let pageHeight = 0;
  const lines = new Map<string, OcrLine>();
  for (const row of tsv.split('\n')) {
    const c = row.split('\t');
    if (c.length < 12) continue;
    const level = Number(c[0]);
    if (level === 1) pageHeight = Number(c[9]) || pageHeight;
    if (level !== 5) continue;
    const conf = Number(c[10]);
    const word = (c[11] ?? '').trim();
    if (!(conf >= MIN_WORD_CONFIDENCE) || !/[\p{L}\p{N}]/u.test(word)) continue;
    const key = `${c[2]}.${c[3]}.${c[4]}`;
    const top = Number(c[7]);
    const height = Number(c[9]);
    const line = lines.get(key);
    if (line) {
      line.words.push(word);
      line.height = Math.max(line.height, height);
    } else lines.set(key, { words: [word], top, height });
  }
  const kept = [...lines.values()].filter((l) => {
    const letters = l.words.join('').match(/\p{L}/gu)?.length ?? 0;
    const digits = l.words.join('').match(/\p{N}/gu)?.length ?? 0;
    return letters >= 3 || (digits >= 1 && letters + digits >= 2);
  });
  const text = kept.map((l) => l.words.join(' ')).join('\n');
  const titled = kept.filter((l) => (l.words.join('').match(/\p{L}/gu)?.length ?? 0) >= 3 && (pageHeight === 0 || l.top < pageHeight * 0.4));
  let title: OcrLine | null = null;
  for (const l of titled) if (!title || l.height > title.height * 1.1) title = l;
  return { text, title: title ? title.words.join(' ') : null };
}
