/** How a store runs the SQL written once for both databases (accounts.ts, daily.ts). */

/** One statement and its parameters ($1 is the first). */
export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** How a store runs those statements. */
export interface SqlRunner {
  rows(sql: string, params: readonly unknown[]): Promise<unknown[]>;
  /** The statements in one transaction, all or none; how many rows each changed. */
  write(statements: readonly Statement[]): Promise<number[]>;
}
