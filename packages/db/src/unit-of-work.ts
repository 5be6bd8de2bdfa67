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
  /**
   * Runs `then` once the unit of work of `tx` (one `run` of this unit of work) has committed, never
   * if it rolls back; at once when there is no transaction. For what others must only hear of once it is true (a push to open
   * screens). `then` must not throw: what it does is outside the work.
   */
  afterCommit(tx: Transaction | undefined, then: () => void): void;
}

export function createUnitOfWork(db: Database): UnitOfWork {
  const pending = new WeakMap<Transaction, (() => void)[]>();
  return {
    async run(work) {
      let queued: (() => void)[] = [];
      const result = await db.transaction((tx) => {
        queued = [];
        pending.set(tx, queued);
        return work(tx);
      });
      for (const then of queued) then();
      return result;
    },
    afterCommit(tx, then) {
      if (!tx) return then();
      const queue = pending.get(tx);
      // A transaction this unit of work did not open has no commit it could wait for.
      if (!queue) throw new Error('afterCommit: the transaction was not opened by this unit of work');
      queue.push(then);
    },
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
