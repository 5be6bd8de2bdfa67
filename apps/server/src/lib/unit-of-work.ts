/**
 * What services see of transactions: a unit of work to run steps atomically, and the
 * transaction it hands out, which a service only passes on (to its repositories, or to
 * another module's service that joins the same unit of work). Services never touch the
 * database themselves; the implementation is @fitscore/db's `createUnitOfWork`.
 */
export type { Transaction, UnitOfWork } from '@fitscore/db';
