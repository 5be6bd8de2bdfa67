import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../lib/app-error.ts';

/**
 * The most used passwords of zxcvbn-ts's common list (ranked by frequency in leaked sets).
 * The first 10,000 are refused: the ones guessed first, whatever a per-account limit allows.
 */
const COMMON = new Set(dictionary['passwords-common'].slice(0, 10_000));

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most commonly used and easy to guess. Choose a less common one.';

/** Blank passwords (only spaces) count as common, and so does any casing of a listed one. */
export function isCommonPassword(password: string): boolean {
  const trimmed = password.trim();
  return trimmed === '' || COMMON.has(trimmed.toLowerCase());
}

/** 400 with the field named like schema validation does, so forms show it under the field. */
export function assertNotCommon(password: string, field: string) {
  if (isCommonPassword(password)) {
    throw new AppError('validation_failed', COMMON_PASSWORD_MESSAGE, [{ path: field, message: COMMON_PASSWORD_MESSAGE }]);
  }
}
