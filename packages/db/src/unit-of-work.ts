import type { Database } from './client.ts';

/**
 * A transaction in progress. It is a `Database` too (drizzle's transaction extends it), so
 * every repository, made over the database, can be made over a transaction the same way.
 */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Where a repository runs its statements: the database itself or a transaction in it. */
export type Executor = Database | Transaction;

/**
 * One unit of work: `run` gives the work a transaction, commits when the work resolves and
 * rolls back when it throws. Inside, repositories are bound to the transaction with their
 * `in(tx)` (see `repository`), and other modules' services take it as an argument.
 */
export interface UnitOfWork {
  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

export function createUnitOfWork(db: Database): UnitOfWork {
  return {
    run: (work) => db.transaction(work),
  };
}

/**
 * Makes a repository that accepts a transaction: `make(db)` is the repository over the
 * database, and its `in(tx)` is the same repository over `tx`, for use inside a unit of work.
 */
export function repository<R extends object>(make: (db: Executor) => R) {
  return (db: Executor): R & { in(tx: Transaction | undefined): R } => {
    const repo = make(db);
    return Object.assign(repo, { in: (tx: Transaction | undefined) => (tx ? make(tx) : repo) });
  };
}
