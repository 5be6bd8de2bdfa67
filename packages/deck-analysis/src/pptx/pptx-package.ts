import JSZip from 'jszip';
import { posix } from 'node:path';
import { isEncryptedOoxml } from '../detect/detect-format.ts';
import { DeckError } from '../errors.ts';
import { DEFAULT_ZIP_LIMITS, inspectZip, type ZipEntryInfo, type ZipGuardLimits } from './zip-guard.ts';
import { attr, descendants, parseXml, type XmlNode } from './xml-tree.ts';

/**
 * An opened .pptx: its parts, read through the zip-bomb guard (declared sizes checked
 * before anything inflates, inflated bytes counted as they come), and its slides in
 * presentation order. Shared by the text reader and the slide drawing.
 */
export interface Rel {
  type: string;
  target: string;
}

export const REL_SLIDE = '/slide';

export class PptxPackage {
  constructor(
    private readonly zip: JSZip,
    private readonly entries: Map<string, ZipEntryInfo>,
    private readonly limits: ZipGuardLimits,
  ) {}

  has(name: string): boolean {
    return this.entries.has(name) && this.zip.file(name) !== null;
  }

  size(name: string): number {
    return this.entries.get(name)?.uncompressedSize ?? 0;
  }

  /**
   * Inflates one part, counting bytes as they come: a part that inflates beyond what
   * its header declared (or beyond the per-part cap) is a bomb, whatever it claimed.
   */
  async bytes(name: string): Promise<Uint8Array> {
    const file = this.zip.file(name);
    const info = this.entries.get(name);
    if (!file || !info) throw new DeckError('corrupt');
    const cap = Math.min(info.uncompressedSize, this.limits.maxEntryBytes);
    if (info.uncompressedSize > this.limits.maxEntryBytes) throw new DeckError('zip_bomb');
    return new Promise<Uint8Array>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let total = 0;
      let done = false;
      const stream = file.nodeStream('nodebuffer');
      stream.on('data', (chunk: Buffer) => {
        if (done) return;
        total += chunk.length;
        if (total > cap) {
          done = true;
          stream.pause();
          stream.removeAllListeners('data');
          reject(new DeckError('zip_bomb'));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (e: Error) => {
        if (!done) {
          done = true;
          reject(new DeckError('corrupt', undefined, { cause: e }));
        }
      });
      stream.on('end', () => {
        if (!done) {
          done = true;
          resolve(Buffer.concat(chunks, total));
        }
      });
    });
  }

  async xml(name: string): Promise<XmlNode[]> {
    return parseXml(new TextDecoder().decode(await this.bytes(name)));
  }

  async rels(part: string): Promise<Map<string, Rel>> {
    const relsName = posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);
    const out = new Map<string, Rel>();
    if (!this.has(relsName)) return out;
    for (const r of descendants(await this.xml(relsName), 'Relationship')) {
      const id = attr(r, 'Id');
      const type = attr(r, 'Type') ?? '';
      const target = attr(r, 'Target');
      if (!id || !target || attr(r, 'TargetMode') === 'External') continue;
      const resolved = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(posix.dirname(part), target));
      out.set(id, { type, target: resolved });
    }
    return out;
  }
}

export const PRESENTATION_PART = 'ppt/presentation.xml';

export interface OpenedPptx {
  pkg: PptxPackage;
  /** presentation.xml, parsed. */
  presentation: XmlNode[];
  /** Slide parts in the order of presentation.xml's sldIdLst (not the file names' order). */
  slideParts: string[];
}

/** Opens a .pptx: refuses a password-protected one, a zip bomb (on declared sizes) and a zip that is no presentation. */
export async function openPptx(bytes: Uint8Array, limits: ZipGuardLimits = DEFAULT_ZIP_LIMITS): Promise<OpenedPptx> {
  if (isEncryptedOoxml(bytes)) {
    throw new DeckError('encrypted', 'This PowerPoint file is password-protected. Remove the password and upload it again.');
  }
  const entries = inspectZip(bytes, limits);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (e) {
    throw new DeckError('corrupt', 'This PowerPoint file is damaged and could not be read. Export it again and upload the new file.', {
      cause: e,
    });
  }
  const pkg = new PptxPackage(zip, entries, limits);
  if (!pkg.has(PRESENTATION_PART)) throw new DeckError('corrupt', 'This file is a zip archive but not a PowerPoint presentation.');
  const presRels = await pkg.rels(PRESENTATION_PART);
  const presentation = await pkg.xml(PRESENTATION_PART);
  const slideParts: string[] = [];
  for (const sldId of descendants(presentation, 'p:sldId')) {
    const rel = presRels.get(attr(sldId, 'r:id') ?? '');
    if (rel && rel.type.endsWith(REL_SLIDE) && pkg.has(rel.target)) slideParts.push(rel.target);
  }
  return { pkg, presentation, slideParts };
}
