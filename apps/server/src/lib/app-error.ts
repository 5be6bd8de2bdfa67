import { ERROR_STATUS, type ErrorCode } from '@fitscore/contracts';

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
