import { DeckError } from '../errors.ts';
import { LIMITS } from '../limits.ts';

/**
 * Zip-bomb guard, step 1: read the central directory ourselves and refuse the archive
 * on its declared numbers before any byte is inflated. Step 2 (in the reader) counts
 * the bytes actually inflated, because declared sizes can lie.
 */
export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

export interface ZipGuardLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxEntryBytes: number;
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipGuardLimits = {
  maxEntries: LIMITS.maxZipEntries,
  maxTotalBytes: LIMITS.maxZipTotalBytes,
  maxEntryBytes: LIMITS.maxZipEntryBytes,
  maxRatio: LIMITS.maxCompressionRatio,
};

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;

function findEocd(view: DataView): number {
  // The end record is 22 bytes plus a comment of up to 64 KiB.
  const stop = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let i = view.byteLength - 22; i >= stop; i--) {
    if (view.getUint32(i, true) === EOCD_SIG) return i;
  }
  return -1;
}

export function inspectZip(bytes: Uint8Array, limits: ZipGuardLimits = DEFAULT_ZIP_LIMITS): Map<string, ZipEntryInfo> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = view.byteLength >= 22 ? findEocd(view) : -1;
  if (eocd < 0) throw new DeckError('corrupt', 'This PowerPoint file is damaged (its zip directory is missing). Export it again and upload the new file.');
  const total = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (total === 0xffff || cdOffset === 0xffffffff) {
    // ZIP64 is for archives beyond 4 GB; a 10 MB deck never needs it.
    throw new DeckError('corrupt');
  }
  if (total > limits.maxEntries) throw new DeckError('zip_bomb');
  if (cdOffset + cdSize > eocd) throw new DeckError('corrupt', 'This PowerPoint file is damaged or truncated. Export it again and upload the new file.');
  const entries = new Map<string, ZipEntryInfo>();
  const decoder = new TextDecoder();
  let declaredTotal = 0;
  let p = cdOffset;
  for (let i = 0; i < total; i++) {
    if (p + 46 > view.byteLength || view.getUint32(p, true) !== CEN_SIG) throw new DeckError('corrupt');
    const compressedSize = view.getUint32(p + 20, true);
    const uncompressedSize = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    if (p + 46 + nameLen > view.byteLength) throw new DeckError('corrupt');
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    declaredTotal += uncompressedSize;
    if (declaredTotal > limits.maxTotalBytes) throw new DeckError('zip_bomb');
    if (uncompressedSize > 1024 * 1024 && uncompressedSize > compressedSize * limits.maxRatio) {
      throw new DeckError('zip_bomb');
    }
    entries.set(name, { name, compressedSize, uncompressedSize });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}
