import { CursorPositionSchema, type CursorPosition, type Page, type SortOrder } from '@fitscore/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../lib/app-error.ts';

const INVALID = 'The page cursor is not valid. Start again from the first page.';

/**
 * Opaque keyset cursors: the position (sort, order, last row's sort value and id) as
 * base64url JSON plus an HMAC over it, so a client can pass a cursor back but not forge or
 * change one; anything else is a 400.
 */
export function createPageCursors(appSecret: Buffer) {
  const key = createHmac('sha256', appSecret).update('fitscore page cursors v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16).toString('base64url');

  function encode(position: CursorPosition): string {
    const body = Buffer.from(JSON.stringify(position)).toString('base64url');
    return `${body}.${mac(body)}`;
  }

  /** The position a cursor holds; 400 when it was changed or belongs to another sort or order. */
  function decode(cursor: string, expected: { sort: string; order: SortOrder }): CursorPosition {
    const [body, given, ...rest] = cursor.split('.');
    if (!body || !given || rest.length > 0) throw new AppError('bad_request', INVALID);
    const want = Buffer.from(mac(body));
    const got = Buffer.from(given);
    if (got.length !== want.length || !timingSafeEqual(got, want)) throw new AppError('bad_request', INVALID);
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw new AppError('bad_request', INVALID);
    }
    const position = CursorPositionSchema.safeParse(json);
    if (!position.success) throw new AppError('bad_request', INVALID);
    if (position.data.sort !== expected.sort || position.data.order !== expected.order) {
      throw new AppError('bad_request', 'The page cursor belongs to another sort order. Start again from the first page.');
    }
    return position.data;
  }

  /**
   * A page from `limit + 1` rows fetched after the cursor: the extra row only says that
   * there is a next page, whose cursor is the last row shown.
   */
  function page<T>(
    rows: T[],
    query: { limit: number; sort: string; order: SortOrder },
    keyOf: (row: T) => CursorPosition['after'],
  ): Page<T> {
    const items = rows.slice(0, query.limit);
    const last = items[items.length - 1];
    const more = rows.length > query.limit && last !== undefined;
    return {
      items,
      next_cursor: more ? encode({ sort: query.sort, order: query.order, after: keyOf(last) }) : null,
    };
  }

  return { encode, decode, page };
}
export type PageCursors = ReturnType<typeof createPageCursors>;
