import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/** The body of every failed call: `error` is the text shown to people (the spec's field). */
export const ErrorResponseSchema = z
  .object({
    error: z.string(),
    code: z.enum(ERROR_CODES as [string, ...string[]]),
    details: z.unknown().optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });

export const IsoDateTimeSchema = z.string().describe('ISO 8601 date-time');

/** An email address, trimmed and lower-cased so that one person has one account. */
export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))
  .transform((v) => v.toLowerCase());

/**
 * Bidirectional control characters (embeddings, overrides, isolates, marks): they can make
 * 'invoice_cod.exe' display as 'invoice_exe.doc'. Removed from names people give things.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
export const stripBidiControls = (value: string): string => value.replace(BIDI_CONTROLS, '');
