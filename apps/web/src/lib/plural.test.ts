import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('puts the noun in the number of its count (never "1 pages" or "Import 1 rows")', () => {
    expect(plural(1, 'page')).toBe('1 page');
    expect(plural(0, 'page')).toBe('0 pages');
    expect(plural(16, 'page')).toBe('16 pages');
    expect(plural(1, 'company', { many: 'companies' })).toBe('1 company');
    expect(plural(3, 'company', { many: 'companies' })).toBe('3 companies');
    expect(plural(1204, 'row', { format: new Intl.NumberFormat('en-US').format })).toBe('1,204 rows');
  });
});
