/**
 * Record layer of the binary PowerPoint format ([MS-PPT] 2.3): every record starts
 * with an 8-byte header (version+instance, type, length); version 0xF marks a
 * container whose body is more records.
 */
export const RT = {
  Document: 0x03e8,
  DocumentAtom: 0x03e9,
  Slide: 0x03ee,
  SlideAtom: 0x03ef,
  Notes: 0x03f0,
  NotesAtom: 0x03f1,
  SlidePersistAtom: 0x03f3,
  MainMaster: 0x03f8,
  PPDrawing: 0x040c,
  OutlineTextRefAtom: 0x0f9e,
  TextHeaderAtom: 0x0f9f,
  TextCharsAtom: 0x0fa0,
  TextBytesAtom: 0x0fa8,
  StyleTextPropAtom: 0x0fa1,
  TxMasterStyleAtom: 0x0fa3,
  SlideListWithText: 0x0ff0,
  UserEditAtom: 0x0ff5,
  CurrentUserAtom: 0x0ff6,
  PersistDirectoryAtom: 0x1772,
  CryptSession10Container: 0x2f14,
} as const;

/** TextHeaderAtom text types that are slide titles. */
export const TITLE_TEXT_TYPES = new Set([0, 6]);

export const HEADER_TOKEN_PLAIN = 0xe391c05f;
export const HEADER_TOKEN_ENCRYPTED = 0xf3d1c4df;

export interface RecordHeader {
  offset: number;
  version: number;
  instance: number;
  type: number;
  length: number;
  /** Offset of the body (offset + 8). */
  body: number;
  end: number;
}

export class RecordReader {
  readonly view: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The header at offset, or null when it does not fit in [offset, limit). */
  header(offset: number, limit = this.bytes.length): RecordHeader | null {
    if (!Number.isInteger(offset) || offset < 0 || offset + 8 > limit) return null;
    const verInst = this.view.getUint16(offset, true);
    const type = this.view.getUint16(offset + 2, true);
    const length = this.view.getUint32(offset + 4, true);
    const end = offset + 8 + length;
    if (end > limit) return null;
    return { offset, version: verInst & 0x0f, instance: verInst >> 4, type, length, body: offset + 8, end };
  }

  u32(offset: number): number {
    return offset + 4 <= this.bytes.length ? this.view.getUint32(offset, true) : 0;
  }

  i32(offset: number): number {
    return offset + 4 <= this.bytes.length ? this.view.getInt32(offset, true) : 0;
  }

  /** Direct children of a container, bounded by its length. */
  *children(parent: RecordHeader): Generator<RecordHeader> {
    let p = parent.body;
    while (p + 8 <= parent.end) {
      const h = this.header(p, parent.end);
      if (!h) return;
      yield h;
      p = h.end;
    }
  }

  /** Depth-first walk under a container (bounded depth: real files nest < 10 levels). */
  *walk(parent: RecordHeader, depth = 0): Generator<RecordHeader> {
    if (depth > 24) return;
    for (const h of this.children(parent)) {
      yield h;
      if (h.version === 0x0f) yield* this.walk(h, depth + 1);
    }
  }

  /** Text of a TextCharsAtom (UTF-16LE) or TextBytesAtom (one byte per code point). */
  text(h: RecordHeader): string {
    const body = this.bytes.subarray(h.body, h.end);
    const raw =
      h.type === RT.TextCharsAtom
        ? new TextDecoder('utf-16le').decode(body.subarray(0, body.length - (body.length % 2)))
        : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1');
    // \r ends a paragraph, \v is a soft line break.
    return raw.replace(/[\r\v]/g, '\n');
  }
}
