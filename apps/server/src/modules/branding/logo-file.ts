import { BRANDING_MESSAGES, MAX_LOGO_BYTES, type LogoType } from '@fitscore/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** What the bytes are, by their first bytes; SVG and anything else are refused (an SVG can carry script). */
export function logoTypeOf(bytes: Uint8Array): LogoType | null {
  const b = Buffer.from(bytes.subarray(0, 12));
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** The uploaded logo (field `file`), read up to its limit: over it, the upload stops being read and is refused. */
export async function readLogoFile(request: FastifyRequest): Promise<{ bytes: Uint8Array; type: LogoType }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the logo as multipart/form-data in the field "file".');
  const file = await request.file({ limits: { fileSize: MAX_LOGO_BYTES } });
  if (!file || file.fieldname !== 'file') throw new AppError('bad_request', BRANDING_MESSAGES.logoMissing);
  const bytes = await file.toBuffer().catch((err: unknown) => {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', BRANDING_MESSAGES.logoTooLarge);
    throw err;
  });
  if (bytes.byteLength === 0) throw new AppError('bad_request', BRANDING_MESSAGES.logoMissing);
  const type = logoTypeOf(bytes);
  if (!type) throw new AppError('unsupported_media_type', BRANDING_MESSAGES.logoType);
  return { bytes: new Uint8Array(bytes), type };
}
