/**
 * The retention sweep (Store.sweep) as plain SQL that SQLite and PostgreSQL both speak;
 * `param(n)` writes the n-th parameter in the store's own style. `sweepable` takes the
 * cutoff and the limit; every other statement takes the table code.
 */
export function sweepSql(param: (n: number) => string) {
  const cutoff = param(1);
  const code = param(1);
  return {
    // Closed, quiet since the cutoff, and with something left to delete.
    sweepable: `SELECT code FROM tables t WHERE status = 'closed' AND created_at < ${cutoff}
      AND NOT EXISTS (SELECT 1 FROM games g WHERE g.table_code = t.code AND (g.started_at >= ${cutoff} OR g.finished_at >= ${cutoff}))
      AND NOT EXISTS (SELECT 1 FROM chat c WHERE c.table_code = t.code AND c.at >= ${cutoff})
      AND (EXISTS (SELECT 1 FROM chat c WHERE c.table_code = t.code)
        OR EXISTS (SELECT 1 FROM timers x WHERE x.table_code = t.code)
        OR EXISTS (SELECT 1 FROM seats s WHERE s.table_code = t.code AND s.token_hash IS NOT NULL)
        OR NOT EXISTS (SELECT 1 FROM games g WHERE g.table_code = t.code AND g.status = 'finished'))
      ORDER BY created_at LIMIT ${param(2)}`,
    /** In this order (foreign keys); then `hasFinished` decides between `keep` and `drop`. */
    clear: [
      `DELETE FROM actions WHERE game_id IN (SELECT id FROM games WHERE table_code = ${code} AND status <> 'finished')`,
      `DELETE FROM games WHERE table_code = ${code} AND status <> 'finished'`,
      `DELETE FROM chat WHERE table_code = ${code}`,
      `DELETE FROM timers WHERE table_code = ${code}`,
    ],
    hasFinished: `SELECT 1 AS found FROM games WHERE table_code = ${code} AND status = 'finished' LIMIT 1`,
    /** A table with finished games stays, without its tokens. */
    keep: [`UPDATE seats SET token_hash = NULL WHERE table_code = ${code}`],
    /** A table without any is deleted whole. */
    drop: [`DELETE FROM seats WHERE table_code = ${code}`, `DELETE FROM tables WHERE code = ${code}`],
  };
}
