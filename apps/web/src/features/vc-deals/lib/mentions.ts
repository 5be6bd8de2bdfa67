import { mentionToken, mentionTokenPattern } from '@fitscore/contracts';

export interface Mentionable {
  id: string;
  name: string;
}

/** The name a member goes by in a comment ('@Cleo Colleague'): their name, else their email. */
export const mentionName = (m: { name: string; email?: string }) =>
  (m.name || m.email || 'member').replace(/[[\]\n]/g, ' ').trim();

/**
 * The text the author typed, with each chosen member's `@Name` turned into the token the server
 * resolves (`@[Name](id)`). Longer names first, so '@Ann Lee' is not taken for '@Ann'.
 */
export function toWire(text: string, chosen: Mentionable[]): string {
  const byLength = [...new Map(chosen.map((m) => [m.name, m])).values()].sort((a, b) => b.name.length - a.name.length);
  if (byLength.length === 0) return text;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`@(${byLength.map((m) => escape(m.name)).join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
  const byName = new Map(byLength.map((m) => [m.name, m]));
  // A token already in the text stays as it is.
  return replaceOutsideTokens(text, (part) =>
    part.replace(pattern, (_all, name: string) => mentionToken(byName.get(name)!)),
  );
}

function replaceOutsideTokens(text: string, fn: (part: string) => string): string {
  let out = '';
  let pos = 0;
  for (const m of text.matchAll(mentionTokenPattern())) {
    out += fn(text.slice(pos, m.index)) + m[0];
    pos = m.index + m[0].length;
  }
  return out + fn(text.slice(pos));
}

/** A stored body as the author edits it: tokens read as `@Name`, and the members they name. */
export function fromWire(body: string): { text: string; chosen: Mentionable[] } {
  const chosen: Mentionable[] = [];
  const text = body.replace(mentionTokenPattern(), (_all, name: string, id: string) => {
    if (!chosen.some((c) => c.id === id)) chosen.push({ id, name });
    return `@${name}`;
  });
  return { text, chosen };
}

/** The `@query` being typed just before the caret, if any: where it starts and what it says so far. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|[\s(])@([^\s@[\]()]{0,30})$/u.exec(before);
  if (!m) return null;
  return { start: caret - m[2]!.length - 1, query: m[2]! };
}

/** Members whose name or email matches the query (name starts first), at most `limit`. */
export function matchMembers<T extends { name: string; email: string }>(members: T[], query: string, limit = 6): T[] {
  const q = query.toLowerCase();
  const score = (m: T) => {
    const name = m.name.toLowerCase();
    if (name.startsWith(q)) return 0;
    if (name.split(/\s+/).some((w) => w.startsWith(q))) return 1;
    if (m.email.toLowerCase().startsWith(q)) return 2;
    if (name.includes(q) || m.email.toLowerCase().includes(q)) return 3;
    return -1;
  };
  return members
    .map((m) => ({ m, s: score(m) }))
    .filter((x) => x.s >= 0)
    .sort((a, b) => a.s - b.s)
    .slice(0, limit)
    .map((x) => x.m);
}
