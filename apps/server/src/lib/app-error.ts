import { ERROR_STATUS, type ErrorCode } from '@fitscore/contracts';
import type { z } from 'zod';

/** The one error type services throw; the error handler turns it into `{ error, code, details }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A 400 saying the first thing wrong with a form or body read by hand (its schema's own message). */
export const invalidInput = (error: z.ZodError) => new AppError('bad_request', error.issues[0]?.message ?? 'The request is not valid.');
