/**
 * Storing a table's change (Store.commitTable) so that the request is answered with what
 * happened. A write whose outcome is unknown (`unsure`) is sent again every RETRY_MS for
 * up to SETTLE_MS until the database answers. Refused (its version taken, its game already
 * stored), the stored table says whether an earlier copy of this very write got there: an
 * action whose write carried the table's change (the game's end) and whose outcome was
 * unknown may have stored it already. Throws while still unknown.
 */
import { isDeepStrictEqual } from 'node:util';
import { StaleTableError, StoreUnavailableError, type TableWrite } from '../store/store.js';
import type { TableContext } from './context.js';
import { RETRY_MS } from './deadlines.js';

/**
 * How long a write whose outcome is unknown waits to learn whether it was stored, before
 * the answer says that it is not known (about as long as the web client waits for an answer).
 */
export const SETTLE_MS = 10_000;

export async function storeChange(ctx: Pick<TableContext, 'store' | 'clock'>, write: TableWrite): Promise<void> {
  try {
    return await ctx.store.commitTable(write);
  } catch (e) {
    if (e instanceof StaleTableError) return storedAlready(ctx, write, e);
    if (!(e instanceof StoreUnavailableError && e.unsure)) throw e;
    const until = ctx.clock.now() + SETTLE_MS;
    while (ctx.clock.now() < until) {
      await ctx.clock.sleep(RETRY_MS);
      try {
        return await ctx.store.commitTable(write);
      } catch (again) {
        if (again instanceof StoreUnavailableError) continue;
        return storedAlready(ctx, write, again);
      }
    }
    throw e;
  }
}

/** The write was refused (`refusal`): fine if the stored table is the one it writes (an earlier copy got there), else thrown. */
async function storedAlready(ctx: Pick<TableContext, 'store'>, write: TableWrite, refusal: unknown): Promise<void> {
  const stored = await ctx.store.loadTable(write.code);
  // Compared as stored (JSON), where a missing option and an undefined one are the same.
  if (write.table === undefined || !sameJson(stored, { table: write.table.row, seats: write.table.seats }))
    throw refusal;
}

function sameJson(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
}
