import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** The deck file of a multipart upload (field `file`), whoever uploads it. */
export async function readDeckFile(request: FastifyRequest): Promise<{ filename: string; bytes: Uint8Array }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file".');
  const file = await request.file();
  if (!file || file.fieldname !== 'file') throw new AppError('bad_request', 'Choose a deck file to upload.');
  // Over 10 MB the multipart limit throws, answered as 413 by the error handler.
  const bytes = await file.toBuffer();
  return { filename: file.filename, bytes: new Uint8Array(bytes) };
}
