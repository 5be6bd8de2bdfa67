/**
 * Why a deck could not be read, as a code the server maps to a 4xx and a message a
 * founder can act on. Every failure of the reading pipeline ends as one of these.
 */
export const DECK_ERROR_CODES = [
  'unsupported_format',
  'too_large',
  'encrypted',
  'corrupt',
  'empty',
  'old_format',
  'too_many_pages',
  'timeout',
  'zip_bomb',
  'too_complex',
  'aborted',
  'not_a_deck',
] as const;
export type DeckErrorCode = (typeof DECK_ERROR_CODES)[number];

const DEFAULT_MESSAGES: Record<DeckErrorCode, string> = {
  unsupported_format: 'This file is not a PDF or PowerPoint deck. Please upload a PDF or PowerPoint file.',
  too_large: 'File size must be less than 10MB.',
  encrypted: 'This deck is password-protected. Remove the password and upload it again.',
  corrupt: 'This file is damaged and could not be read. Export the deck again and upload the new file.',
  empty: 'This deck has no readable content. Check that you uploaded the right file.',
  old_format:
    'This PowerPoint file uses a format from before 1997 that we cannot read. Save it as .pptx or PDF and upload it again.',
  too_many_pages: 'This deck has too many pages. Upload a pitch deck of at most 200 pages.',
  timeout: 'This deck took too long to analyse. Try a smaller export (fewer or compressed images).',
  zip_bomb: 'This PowerPoint file expands to far more data than a deck should. Export it again and upload the new file.',
  too_complex: 'This deck is too complex to analyse. Try a smaller export (fewer or compressed images).',
  aborted: 'The analysis was cancelled.',
  not_a_deck: "This doesn't look like a pitch deck. Upload the slides you show investors (PDF or PowerPoint).",
};

export class DeckError extends Error {
  override readonly name = 'DeckError';
  readonly code: DeckErrorCode;

  constructor(code: DeckErrorCode, message?: string, options?: { cause?: unknown }) {
    super(message ?? DEFAULT_MESSAGES[code], options);
    this.code = code;
  }

  /** Plain form, for crossing a worker boundary (structured clone drops the class). */
  toJSON(): { code: DeckErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

export function isDeckError(e: unknown): e is DeckError {
  return e instanceof DeckError;
}

export function isDeckErrorCode(value: unknown): value is DeckErrorCode {
  return typeof value === 'string' && (DECK_ERROR_CODES as readonly string[]).includes(value);
}

export function defaultDeckErrorMessage(code: DeckErrorCode): string {
  return DEFAULT_MESSAGES[code];
}
