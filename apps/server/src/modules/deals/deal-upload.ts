import { DealUploadFieldsSchema, refuseUnstorableValues } from '@fitscore/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidInput } from '../../lib/app-error.ts';
import type { NewDealInput } from './deals.service.ts';

/** The form's fields as a column can store them (no NUL, no lone surrogate). */
const storableFields = refuseUnstorableValues(DealUploadFieldsSchema);

/** The Upload Deck & Score form (multipart): companyName, stage, sector and the deck in `file`. */
export async function readDealUpload(request: FastifyRequest): Promise<NewDealInput> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: NewDealInput['file'] | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Over 10 MB the multipart limit throws, answered as 413 by the error handler.
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') file = { filename: part.filename, bytes: new Uint8Array(bytes) };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  const parsed = storableFields.safeParse({ companyName: fields.companyName ?? '', stage: fields.stage, sector: fields.sector });
  if (!parsed.success) throw invalidInput(parsed.error);
  if (!file || file.bytes.byteLength === 0) throw new AppError('bad_request', 'Please choose a pitch deck file');
  return { ...parsed.data, file };
}
