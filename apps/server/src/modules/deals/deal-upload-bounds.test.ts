import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peakDuring, startChildServer, type ChildServer } from '../../../test/child-server.ts';
import { newFund } from '../intake/intake-test-kit.ts';

/** Memory bound, not a timing: what the API process may grow by while a bomb is refused. */
const MAX_GROWTH_MB = 200;

describe("a deck is only ever parsed in the analyzer's bounded readers (server in its own process)", () => {
  let child: ChildServer;

  beforeAll(async () => {
    child = await startChildServer({ SMTP_ENABLED: 'false' });
  }, 180_000);
  afterAll(() => child?.close());

  it("Upload Deck & Score refuses a decompression bomb without the API process's memory growing (the deck's facts are read by the reader, not in the API)", async () => {
    const { makeFlateBombPdf } = await import('@fitscore/deck-analysis/testing/bombs');
    const fund = await newFund(child);
    const form = new FormData();
    form.append('companyName', 'Bomb Co');
    form.append('file', new Blob([makeFlateBombPdf()]), 'deck.pdf');
    const before = child.rssMb();
    const { result, peak } = await peakDuring(() => child.rssMb(), () => child.request('POST', '/api/vc/deals/upload', { token: fund.token, raw: form }));
    console.log(`Flate bomb upload: ${result.status} ${result.body.details?.reason}, API process RSS ${before.toFixed(0)} MB -> peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)`);
    expect([result.status, result.body.details?.reason]).toEqual([422, 'too_complex']);
    expect(peak - before).toBeLessThan(MAX_GROWTH_MB);
    // Nothing was made of it.
    expect((await child.request('GET', '/api/vc/deals', { token: fund.token })).body.deals).toEqual([]);
  }, 120_000);
});
