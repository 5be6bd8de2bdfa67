import type { Understanding } from './understanding.ts';

export function judgeDeck(u: Understanding): { deck: boolean; reason: string | null } {
  return { deck: u.pageCount > 0, reason: null };
}
