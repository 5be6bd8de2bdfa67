import { ZipArchive } from 'archiver';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { BlobStore } from '../../lib/blob-store.ts';
import type { FundDataRepository } from './fund-data.repository.ts';
import { describeTable, FUND_TABLES } from './fund-tables.repository.ts';

/** The archive's layout version, in manifest.json: a reader can tell what it holds. */
const ARCHIVE_FORMAT = 1;
const CHUNK_BYTES = 64 * 1024;

/** JSON Lines from rows produced one at a time, in chunks of about 64 KB. */
async function* jsonLines(rows: AsyncIterable<Record<string, unknown>>, count: { rows: number }) {
  let chunk = '';
  for await (const row of rows) {
    chunk += `${JSON.stringify(row)}\n`;
    count.rows += 1;
    if (chunk.length >= CHUNK_BYTES) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** A name safe in any unzip tool: no folders, no control characters, nothing a shell reads. */
const safeFileName = (name: string) => name.replace(/[^\w.\- ]+/g, '_').replace(/^\.+/, '_').slice(0, 150) || 'deck';

/**
 * Everything a fund holds as one ZIP archive, produced as it is read (ADR 0070): `data/<table>.jsonl`
 * for each table of FUND_TABLES, the deck files under `decks/<deck id>/<file name>` (byte for byte
 * as uploaded), and `manifest.json` last with what each part holds. One entry is added after the
 * previous one has been written, and an entry's rows are read a page at a time as the archive asks
 * for them, so memory holds one page of rows or one deck file whatever the fund's size.
 */
export function fundArchive(repo: FundDataRepository, blobs: BlobStore, fund: { id: string; name: string }, log: { warn(obj: object, msg: string): void }): Readable {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const exportedAt = new Date().toISOString();

  // An entry is written once the archive has taken all of it; a download abandoned midway closes
  // the archive, which ends the wait (and the reads) instead of leaving them pending.
  const closed = new AbortController();
  zip.once('close', () => closed.abort());
  async function add(source: Readable | Buffer | string, name: string) {
    const written = once(zip, 'entry', { signal: closed.signal });
    zip.append(source, { name, date: exportedAt });
    await written;
  }

  async function fill() {
    const tables: Record<string, number> = {};
    for (const t of FUND_TABLES) {
      const { name } = describeTable(t);
      const count = { rows: 0 };
      await add(Readable.from(jsonLines(repo.rows(t, fund.id), count)), `data/${name}.jsonl`);
      tables[name] = count.rows;
    }
    const decks: { id: string; deal_id: string | null; path: string }[] = [];
    for (const deck of await repo.decks(fund.id)) {
      const path = `decks/${deck.id}/${safeFileName(deck.filename)}`;
      await add(Buffer.from(await blobs.get(deck.blobKey)), path);
      decks.push({ id: deck.id, deal_id: deck.dealId, path });
    }
    const manifest = { format: ARCHIVE_FORMAT, fund: { id: fund.id, name: fund.name }, exported_at: exportedAt, tables, decks };
    await add(`${JSON.stringify(manifest, null, 2)}\n`, 'manifest.json');
    await zip.finalize();
  }

  fill().catch((err: unknown) => {
    if (closed.signal.aborted) return;
    // Headers are gone by now: the download ends broken rather than passing for a whole archive.
    log.warn({ err, fundId: fund.id }, 'fund-data: the export stopped');
    zip.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return zip;
}
