/** A value of a query-string parameter; arrays repeat the key (`?stage=Seed&stage=Series+A`). */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/**
 * Encodes a query object as the server reads it: an array repeats its key once per item
 * (never joined with commas, so items may contain commas), and empty values are left out.
 * Returns '' or a string starting with '?'.
 */
export function encodeQuery(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value as readonly unknown[]) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
