import type { z } from 'zod';

/** The smallest positive normal double; nonzero numbers nearer to 0 (subnormals like 1e-320) are refused. */
const MIN_NORMAL = 2.2250738585072014e-308;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored as text (PostgreSQL refuses NUL, UTF-8 cannot hold a lone surrogate), or null. */
export function unstorableText(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it holds a lone surrogate)';
  return null;
}

/** Why a number cannot be stored (not finite, or so near to 0 that the database cannot hold it), or null. */
export function unstorableNumber(value: number): string | null {
  if (!Number.isFinite(value)) return 'must be a finite number';
  if (value !== 0 && Math.abs(value) < MIN_NORMAL) return 'is too close to 0 to be stored (send 0)';
  return null;
}

export interface UnstorableValue {
  path: (string | number)[];
  message: string;
}

/** Every string (object keys included) and number in a parsed JSON value that cannot be stored. */
export function findUnstorableValues(value: unknown, path: (string | number)[] = []): UnstorableValue[] {
  const found: UnstorableValue[] = [];
  const visit = (v: unknown, at: (string | number)[]) => {
    const why = typeof v === 'string' ? unstorableText(v) : typeof v === 'number' ? unstorableNumber(v) : null;
    if (why) found.push({ path: at, message: why });
    else if (Array.isArray(v)) v.forEach((item, i) => visit(item, [...at, i]));
    else if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      for (const [key, item] of Object.entries(v)) {
        const keyWhy = unstorableText(key);
        if (keyWhy) found.push({ path: [...at, key], message: `field name ${keyWhy}` });
        else visit(item, [...at, key]);
      }
    }
  };
  visit(value, path);
  return found;
}

/**
 * The one check every request body gets (applied by `defineEndpoint`): any string holding a NUL or
 * a lone UTF-16 surrogate, and any non-finite or subnormal number, anywhere in the body, is a
 * validation error naming its field, instead of a database error (a 500) later.
 */
export function refuseUnstorableValues<S extends z.ZodType>(schema: S): S {
  return schema.superRefine((value, ctx) => {
    for (const { path, message } of findUnstorableValues(value)) {
      ctx.addIssue({ code: 'custom', path, message: `${path.length ? path.join('.') : 'The body'} ${message}` });
    }
  }) as unknown as S;
}
