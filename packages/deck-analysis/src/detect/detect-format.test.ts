import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { makePpt, makePptx, makeTextPdf } from '../testing/generate-decks.ts';
import { detectDeckFormat } from './detect-format.ts';

const text = (s: string) => new TextEncoder().encode(s);

describe('detectDeckFormat', () => {
  it('recognises generated PDF, PPTX and PPT by content', async () => {
    expect(detectDeckFormat(await makeTextPdf([{ title: 'Hi' }]))).toBe('pdf');
    expect(detectDeckFormat(await makePptx([{ title: 'Hi' }]))).toBe('pptx');
    expect(detectDeckFormat(makePpt([{ title: 'Hi' }]))).toBe('ppt');
  });

  it('accepts a PDF header after leading junk within the first 1 KB, not beyond', () => {
    expect(detectDeckFormat(text(`${' '.repeat(500)}%PDF-1.7\n`))).toBe('pdf');
    expect(detectDeckFormat(text(`${' '.repeat(1100)}%PDF-1.7\n`))).toBeNull();
  });

  it('refuses zips that are not presentations, text files and Git LFS pointers', async () => {
    const zip = new JSZip();
    zip.file('word/document.xml', '<w:document/>');
    expect(detectDeckFormat(await zip.generateAsync({ type: 'uint8array' }))).toBeNull();
    expect(detectDeckFormat(text('version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 12\n'))).toBeNull();
    expect(detectDeckFormat(text('\r\n'))).toBeNull();
    expect(detectDeckFormat(new Uint8Array(0))).toBeNull();
  });

  it('calls an OLE container holding an EncryptedPackage an (encrypted) pptx', async () => {
    const CFB = (await import('cfb')).default;
    const cfb = CFB.utils.cfb_new();
    CFB.utils.cfb_add(cfb, 'EncryptionInfo', Buffer.from([4, 0, 4, 0]));
    CFB.utils.cfb_add(cfb, 'EncryptedPackage', Buffer.alloc(64, 7));
    expect(detectDeckFormat(new Uint8Array(CFB.write(cfb, { type: 'buffer' }) as Buffer))).toBe('pptx');
    const other = CFB.utils.cfb_new();
    CFB.utils.cfb_add(other, 'WordDocument', Buffer.alloc(64, 1));
    expect(detectDeckFormat(new Uint8Array(CFB.write(other, { type: 'buffer' }) as Buffer))).toBeNull();
  });
});
