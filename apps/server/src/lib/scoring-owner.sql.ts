import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ScoringOwner } from './scoring-owner.ts';

/** The owner columns of decks, scoring runs and fit scores (one per kind of owner). */
interface OwnedTable {
  userId: AnyPgColumn;
  dealId: AnyPgColumn;
}

/** The column values that record `owner` on a new row. */
export const ownerValues = (owner: ScoringOwner) =>
  owner.kind === 'founder' ? { userId: owner.userId, dealId: null } : { userId: null, dealId: owner.dealId };

/** The owner's column of `table` (e.g. the target of a per-owner unique index). */
export const ownerColumn = <T extends OwnedTable>(table: T, owner: ScoringOwner): T['userId'] | T['dealId'] =>
  owner.kind === 'founder' ? table.userId : table.dealId;

/** The condition 'the row belongs to `owner`'. */
export const ownedBy = (table: OwnedTable, owner: ScoringOwner): SQL =>
  owner.kind === 'founder' ? eq(table.userId, owner.userId) : eq(table.dealId, owner.dealId);
