/**
 * All tables this server process has in hand, loaded from the store on first use (and
 * all open ones at start-up, so their games resume).
 */

import { type PlayerCount, resolveOptions } from '../../engine/index.js';
import type { TableOptions, TableSummary } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import { newTableCode } from '../ids.js';
import type { TableSettings } from '../store/store.js';
import type { TableContext } from './context.js';
import { Table } from './table.js';

/** Public tables listed at once, newest first. */
const LOBBY_PAGE = 100;

export class Lobby {
  private readonly tables = new Map<string, Table>();
  private readonly loading = new Map<string, Promise<Table | null>>();
  /** The address that created each table still open (tables of this process's lifetime). */
  private readonly creators = new Map<string, string>();
  private readonly createdBy = new Map<string, number>();

  constructor(private readonly ctx: Omit<TableContext, 'closed'>) {}

  private get tableContext(): TableContext {
    return { ...this.ctx, closed: (code) => this.forget(code) };
  }

  /** A new table; each address may have at most `maxTablesPerAddress` open at once. */
  async create(name: string, options: TableOptions, address: string): Promise<{ table: Table; token: string }> {
    const max = this.ctx.config.maxTablesPerAddress;
    if ((this.createdBy.get(address) ?? 0) >= max)
      throw new ServerError(
        'ERR_TOO_MANY_TABLES',
        `You already have ${max} open tables. Finish or leave one first.`,
        429,
      );
    const resolved = resolveOptions({
      players: options.players as PlayerCount,
      mode: options.mode,
      rounds: options.rounds,
      targetScore: options.targetScore,
    });
    if (!resolved.ok) throw new ServerError('ERR_BAD_OPTIONS', resolved.error.message);
    const settings: TableSettings = {
      ...resolved.value,
      public: options.public,
      turnSeconds: options.turnSeconds,
      coach: options.coach,
      turnClock: options.turnClock,
    };
    // Counted before anything is awaited, so that concurrent requests cannot pass the cap together.
    this.createdBy.set(address, (this.createdBy.get(address) ?? 0) + 1);
    let code = '';
    try {
      do code = newTableCode();
      while (this.tables.has(code) || this.creators.has(code) || (await this.ctx.store.loadTable(code)));
      this.creators.set(code, address);
      const created = await Table.create(this.tableContext, code, name, settings);
      this.tables.set(code, created.table);
      return created;
    } catch (e) {
      if (this.creators.get(code) === address) this.forget(code);
      else this.uncount(address);
      throw e;
    }
  }

  /** A table closed: it leaves memory, and no longer counts against its creator. */
  private forget(code: string): void {
    this.tables.delete(code);
    const address = this.creators.get(code);
    if (address === undefined) return;
    this.creators.delete(code);
    this.uncount(address);
  }

  private uncount(address: string): void {
    const n = (this.createdBy.get(address) ?? 1) - 1;
    if (n <= 0) this.createdBy.delete(address);
    else this.createdBy.set(address, n);
  }

  /** The table with this code, from memory or from the store; null if there is none. */
  get(code: string): Promise<Table | null> {
    const key = code.toUpperCase();
    const known = this.tables.get(key);
    if (known) return Promise.resolve(known);
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(key).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  async mustGet(code: string): Promise<Table> {
    const table = await this.get(code);
    if (!table) throw new ServerError('ERR_NO_TABLE', `There is no table ${code}.`, 404);
    return table;
  }

  private async load(code: string): Promise<Table | null> {
    const stored = await this.ctx.store.loadTable(code);
    if (!stored) return null;
    const finished = (await this.ctx.store.finishedGames(code)).map((g) => g.id);
    const table = new Table(this.tableContext, stored.table, stored.seats, finished);
    if (stored.table.status === 'closed') return table;
    this.tables.set(code, table);
    await table.resume();
    return table;
  }

  /** At start-up: every open table comes back, and its game goes on. */
  async resumeAll(): Promise<number> {
    const codes = await this.ctx.store.openTableCodes();
    for (const code of codes) await this.get(code);
    return codes.length;
  }

  publicLobbies(): TableSummary[] {
    const out: TableSummary[] = [];
    for (const t of this.tables.values()) if (t.isPublicLobby) out.push(t.summary());
    return out.reverse().slice(0, LOBBY_PAGE);
  }

  openTables(): number {
    return this.tables.size;
  }

  runningGames(): number {
    let n = 0;
    for (const t of this.tables.values()) if (t.status === 'playing') n++;
    return n;
  }

  async shutdown(): Promise<void> {
    await Promise.all([...this.tables.values()].map((t) => t.shutdown()));
  }
}
