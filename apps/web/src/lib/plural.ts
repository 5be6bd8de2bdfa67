/**
 * A count with its noun in the right number: '1 page', '12 pages', '1,204 rows' (`format` writes
 * the number; `many` is the plural when it is not the noun with an s: 'companies').
 */
export function plural(count: number, one: string, { many = `${one}s`, format = String }: { many?: string; format?: (n: number) => string } = {}): string {
  return `${format(count)} ${count === 1 ? one : many}`;
}
