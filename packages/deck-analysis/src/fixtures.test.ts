import { readFile } from 'node:fs/promises';
import { FitScoreAnalysisSchema } from '@fitscore/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, sharedFixtures, type ManifestEntry } from '../../../test-support/shared-fixtures.ts';
import { DeckAnalyzer } from './analyzer.ts';
import { DeckError, type DeckErrorCode } from './errors.ts';
import type { DeckText } from './model.ts';
import { TesseractEngine } from './ocr/tesseract-engine.ts';
import { readDeck } from './read/read-deck.ts';

/**
 * Every deck in ../shared/fixtures: real decks must yield their text (read with
 * pdftotext or, for image-only and garbled decks, seen on the slides), robustness files
 * must parse or fail with their typed error. Words below were chosen per deck from what
 * is on its slides; OCR'd decks use words OCR reads reliably.
 */
const REAL_WORDS: Record<string, string[]> = {
  'airbnb-2008-seed-deck.pdf': ['hotels', 'travel', 'culture', 'airbedandbreakfast'],
  'airbnb-deck-powerpoint-reproduction.pdf': ['AirBed&Breakfast', 'hotels', 'Problem'],
  'cognitii-investor-deck.pdf': ['Cognitii', 'Neurodiverge', 'special learning needs'],
  'facebook-media-kit-recreation.pdf': ['thefacebook', 'directory', 'students'],
  'farmify-pitch.pdf': ['Farmify', 'agri-fintech', 'marginal farmers'],
  'farmify-pitch.pptx': ['Farmify', 'agri-fintech', 'Revenue Generation'],
  'fueledby-us-pitch.pdf': ['FueledBy.Us', 'Kyle Tolle', 'publishers'],
  'fueledby-us-pitch.ppt': ['FueledBy.Us', 'Kyle Tolle', 'publishers'],
  'gilo-investor-presentation.pptx': ['GILO', 'consulting', 'small businesses'],
  'greencoats-nanocoating-deck.pdf': ['Nanocoating', 'food waste', 'tomatoes'],
  'jupiter-pitch-deck.pdf': ['Jupiter', 'humidity', 'sensors'],
  'mydr24-healthcare-deck.pdf': ['MYDR24', 'healthcare', 'hospitals'],
  'qoda-pitch-deck.ppt': ['Qoda', 'DeFi', 'fixed interest rates'],
  'sightline-pitch.pptx': ['SIGHTLINE', 'trench', 'GeoJSON'],
  'the-seam-seed-round-2024.pdf': ['The Seam', 'repair', 'Makers'],
  'thinq-ai-surveillance-pitch.ppt': ['CCTV', 'robbery', 'Face Recognition'],
  'tinder-matchbox-original-deck.pdf': ['Matt', 'flirting', 'party'],
  'uber-2008-deck-redesign.pdf': ['Problem', 'Differentiators', 'GPS'],
  // Added in November 2026 with their labels (image-only coinbet and realate: words OCR reads reliably).
  'everpix-overview-deck-2013.pdf': ['Pierre-Olivier Latour', 'Quennesson', 'photos'],
  'ubercab-2008-pitch-deck.pdf': ['UberCab', 'Medallion', 'Crown Victoria'],
  'invariant-dex-pitch-deck.pdf': ['Invariant', 'concentrated liquidity', 'Synthetify'],
  'dante-network-pitch-deck.pdf': ['Dante', 'omniverse', 'interoperability'],
  'token-tails-pitch-deck.pdf': ['Token Tails', 'web3 games', 'cats'],
  'coinbet-defi-pitch-deck.pdf': ['Coinbet', 'betting', 'Value Proposition'],
  'smrt-token-pitch-presentation.pdf': ['Smart Startup Token', 'smart contracts', 'vending machine'],
  'doocoins-pitch-deck.pdf': ['DooCoins', 'chores', 'Financial Illiteracy'],
  'metacubez-pitch-deck.pdf': ['MetaCubez', 'metaverse', 'Tokenomics'],
  'fracto-seed-deck.pdf': ['Fracto', 'document intake', 'Gulf'],
  'gitshowcase-pitch-deck.pdf': ['GitShowcase', 'portfolio', 'developers'],
  'realate-hackathon-deck.pdf': ['deluminators', 'real-estate', 'Problem Statement'],
  'tracer-pitch-deck.pdf': ['TRACER', 'Virus', 'Sponsorship'],
  'agricheck-hackathon-pitch.ppt': ['AgriCheck', 'greenhouses', 'Niagara'],
  'cash-compactor-hackathon-deck.pptx': ['Cash Compactor', 'recycling', 'landfill'],
  'coromed-pitch-deck.pptx': ['CoroMed', 'medical supplies', 'hospitals'],
  'unicouncil-pitch-deck.pptx': ['UniCouncil', 'study abroad', 'universities'],
  'weid-hard-of-hearing-hackathon-deck.pdf': ['Weid', 'announcements', 'hearing loss'],
  'electrify-ebike-student-pitch-deck.pdf': ['Electrify', 'e-bikes', 'Computer Science'],
  'sayna-malagasy-photo-marketplace-fr.pdf': ['Malagasy', 'photographes', 'Madagascar'],
  'kaviar-hackathon-deck.pdf': ['private pools', 'cross-chain', 'mixer'],
  'piltonet-pitch-deck.pdf': ['Piltonet', 'Lending Circles', 'DeFi'],
  'learnright-pitch-deck.pptx': ['LearnRight', 'teachers', 'students'],
  'sql-shopping-manager-school-pitch.pptx': ['SQL Shopping Manager', 'vendors', 'Step By Step School'],
  'ione-xr-hackathon-deck.pptx': ['Cranky Fellas', 'Medical Tourism', 'Photo Stitching'],
  'nordic-health-hackathon-2019-deck.pdf': ['Arion Bank', 'digi.me', 'self-diagnose'],
  'savvy-plus-ellipsis-2020-deck.pptx': ['SAVVY+', 'financial planning', 'Gamification'],
  'devhire-hackathon-pitch-deck.pdf': ['DevHire', 'hiring managers', 'Elo rating'],
  'quadeyes-hackon-amazon-deck.pdf': ['Quadeyes', 'Generative AI', 'personalization'],
  'dateze-idea-pitch.pdf': ['Dateze', 'personality', 'dating apps'],
};

/** Speaker notes we know are there. */
const NOTES_WORDS: Record<string, string> = { 'gilo-investor-presentation.pptx': 'For discussion' };

type Outcome = { ok: string[] } | { error: DeckErrorCode };

const ROBUSTNESS: Record<string, Outcome> = {
  'empty-2-byte-pitch-deck.pptx': { error: 'empty' },
  'lfs-pointer-airbnb-2009.pdf': { error: 'unsupported_format' },
  'pdfjs-arabic-cid-truetype.pdf': { ok: ['العربية'] },
  'pdfjs-empty-protected-aes256.pdf': { error: 'empty' },
  'pdfjs-helloworld-bad.pdf': { ok: ['Hello, world!'] },
  'pdfjs-noembed-sjis.pdf': { ok: ['あいうえお'] },
  'pdfjs-poppler-85140-fuzzed.pdf': { error: 'empty' },
  'pdfjs-print-protection.pdf': { error: 'encrypted' },
  'pdfjs-vertical-cjk.pdf': { ok: ['日本語', 'あいうえお'] },
  'pdfjs-xref-command-missing.pdf': { ok: ['Reduced test-case'] },
  'poi-chinese-mixed-fonts.ppt': { ok: ['複数の文字', 'カタカナ'] },
  'poi-corrupted-usereditatom.ppt': { ok: ['VALORIZZAZIONE LINEARE', 'MARGINE'] },
  'poi-empty.ppt': { error: 'empty' },
  'poi-fuzz-hslf-6614960949821440.ppt': { error: 'corrupt' },
  'poi-fuzz-xslf-6254434927378432.pptx': { error: 'corrupt' },
  'poi-password-protected-hello.ppt': { error: 'encrypted' },
  'poi-powerpoint95.ppt': { error: 'old_format' },
  'poi-with-japanese.pptx': { ok: ['Here is a text box', 'Row 2 Col 3'] },
  'pptx-missing-rels-item.pptx': { ok: ['Presentation Title Text'] },
  'pptx-no-core-props.pptx': { ok: ['Minimal Deck'] },
  'pptx-no-slides.pptx': { error: 'empty' },
  'tika-ocr.pdf': { ok: ['Happy New Year 2003'] },
  'tika-ppt-groups.pptx': { ok: ['Text box3', 'Text box5', 'smart1', 'smart4', 'Ungrouped text box'] },
  'tika-ppt-protected-passtika.pptx': { error: 'encrypted' },
  'tika-ppt-smartart-orgchart.pptx': { ok: ['President', 'VP – HR', 'Manager 1'] },
};

const fixtures = sharedFixtures();
const allText = (d: DeckText) => d.pages.map((p) => `${p.text}\n${p.notes}`).join('\n').toLowerCase();

describe.skipIf(!fixtures.available)(`shared deck fixtures ${fixtures.reason}`, () => {
  let manifest: ManifestEntry[] = [];
  let engine: TesseractEngine;
  const analyzer = new DeckAnalyzer({ maxWorkers: 2, timeoutMs: 60_000 });

  beforeAll(async () => {
    manifest = await readManifest();
    engine = await TesseractEngine.create();
  });
  afterAll(() => analyzer.close());

  it('knows what to expect of every file in the manifest', async () => {
    const known = new Set([...Object.keys(REAL_WORDS), ...Object.keys(ROBUSTNESS)]);
    expect(manifest.map((m) => m.file).filter((f) => !known.has(f))).toEqual([]);
  });

  it.each(Object.entries(REAL_WORDS))('real deck %s yields its text', async (file, words) => {
    const entry = manifest.find((m) => m.file === file);
    expect(entry, `${file} in manifest`).toBeDefined();
    const deck = await readDeck(new Uint8Array(await readFile(entry!.path)), { ocr: (img, luminance) => engine.recognize(img, luminance) });
    const text = allText(deck);
    for (const w of words) expect(text, `${file} should contain '${w}'`).toContain(w.toLowerCase());
    const notes = NOTES_WORDS[file];
    if (notes) expect(deck.pages.some((p) => p.notes.includes(notes))).toBe(true);
    if (entry!.kind === 'image-pdf') {
      // An image-only PDF is read by OCR; one whose note says it has a text layer 'beyond names' keeps that page's text.
      const ocred = deck.pages.filter((p) => p.source === 'ocr' || p.source === 'none').length;
      if (/no text layer beyond/.test(entry!.note)) expect(ocred).toBeGreaterThanOrEqual(deck.pages.length - 1);
      else expect(ocred).toBe(deck.pages.length);
    }
  });

  it.each(Object.entries(ROBUSTNESS))('robustness file %s parses or fails typed', async (file, outcome) => {
    const entry = manifest.find((m) => m.file === file);
    expect(entry, `${file} in manifest`).toBeDefined();
    const bytes = new Uint8Array(await readFile(entry!.path));
    const result = await analyzer.analyze(bytes, null).then(
      (a) => ({ a }),
      (e: unknown) => ({ e }),
    );
    if ('error' in outcome) {
      expect('e' in result && result.e instanceof DeckError ? result.e.code : result).toBe(outcome.error);
      return;
    }
    // These files are read; none is a pitch deck, so each is scored or refused as not a deck.
    const refused = 'e' in result && result.e instanceof DeckError && result.e.code === 'not_a_deck';
    expect('a' in result || refused, `${file}: ${'e' in result ? String(result.e) : ''}`).toBe(true);
    if ('a' in result) expect(() => FitScoreAnalysisSchema.parse(result.a)).not.toThrow();
    const deck = await readDeck(bytes, { ocr: (img, luminance) => engine.recognize(img, luminance) });
    const text = allText(deck);
    for (const w of outcome.ok) expect(text, `${file} should contain '${w}'`).toContain(w.toLowerCase());
  });

  it.each(['fueledby-us-pitch.ppt', 'farmify-pitch.pptx', 'the-seam-seed-round-2024.pdf', 'tinder-matchbox-original-deck.pdf'])(
    'real deck %s goes through the whole analyzer',
    async (file) => {
      const entry = manifest.find((m) => m.file === file)!;
      const a = await analyzer.analyze(new Uint8Array(await readFile(entry.path)), null);
      expect(() => FitScoreAnalysisSchema.parse(a)).not.toThrow();
      expect(a.deck.pages).toBeGreaterThan(3);
      expect(a.deck.words).toBeGreaterThan(100);
      expect(a.doNext).toHaveLength(3);
    },
  );
});
