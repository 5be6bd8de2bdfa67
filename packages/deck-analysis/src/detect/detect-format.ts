/**
 * Content sniffing for uploads: what the bytes are, never what the name claims.
 * Cheap enough for the upload request path (a few byte searches, no parsing).
 */
export const DECK_FORMATS = ['pdf', 'pptx', 'ppt'] as const;
export type DeckFormat = (typeof DECK_FORMATS)[number];

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  if (bytes.length < magic.length) return false;
  return magic.every((b, i) => bytes[i] === b);
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Directory entry names in a compound file are UTF-16LE. */
function utf16(name: string): Buffer {
  return Buffer.from(name, 'utf16le');
}

export function isPdf(bytes: Uint8Array): boolean {
  // The PDF spec allows junk before the header; readers accept it within the first 1 KB.
  return asBuffer(bytes).subarray(0, 1024).indexOf('%PDF-', 0, 'latin1') !== -1;
}

export function isOle(bytes: Uint8Array): boolean {
  return startsWith(bytes, OLE_MAGIC);
}

export function isZip(bytes: Uint8Array): boolean {
  return startsWith(bytes, ZIP_LOCAL) || startsWith(bytes, ZIP_EMPTY);
}

/** An OLE container whose streams are an encrypted OOXML package (a password-protected .pptx). */
export function isEncryptedOoxml(bytes: Uint8Array): boolean {
  if (!isOle(bytes)) return false;
  const buf = asBuffer(bytes);
  return buf.indexOf(utf16('EncryptedPackage')) !== -1 && buf.indexOf(utf16('EncryptionInfo')) !== -1;
}

/**
 * 'pdf' for a PDF header in the first 1 KB; 'ppt' for a compound file holding a
 * 'PowerPoint Document' stream; 'pptx' for a ZIP naming ppt/presentation.xml, and for
 * a compound file holding an encrypted OOXML package (it is a .pptx behind a password);
 * null for anything else.
 */
export function detectDeckFormat(bytes: Uint8Array): DeckFormat | null {
  if (isPdf(bytes)) return 'pdf';
  if (isOle(bytes)) {
    if (isEncryptedOoxml(bytes)) return 'pptx';
    if (asBuffer(bytes).indexOf(utf16('PowerPoint Document')) !== -1) return 'ppt';
    return null;
  }
  if (isZip(bytes)) {
    // Part names are stored uncompressed in local headers and the central directory.
    return asBuffer(bytes).indexOf('ppt/presentation.xml', 0, 'latin1') !== -1 ? 'pptx' : null;
  }
  return null;
}
