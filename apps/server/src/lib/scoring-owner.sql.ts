import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ScoringOwner } from './scoring-owner.ts';

/** The owner columns of decks, scoring runs and fit scores (one per kind of owner). */
interface OwnedTable {
  userId: AnyPgColumn;
}

/** The column values that record `owner` on a new row. */
export const ownerValues = (owner: ScoringOwner) => ({ userId: owner.userId });

/** The condition 'the row belongs to `owner`'. */
export const ownedBy = (table: OwnedTable, owner: ScoringOwner): SQL => eq(table.userId, owner.userId);
