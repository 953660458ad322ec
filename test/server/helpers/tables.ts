/** Setting up tables the way a web client does: over HTTP, then Socket.IO. */
import type { BotLevel, CreateTableReply, JoinTableReply, TableOptions } from '../../../src/protocol/messages.js';
import { Client } from './client.js';
import { api, type TestServer } from './server.js';

export interface Seating {
  readonly code: string;
  /** One client per human seat, in seat order (the host first). */
  readonly humans: Client[];
  readonly tokens: string[];
}

/**
 * A table with `humans` players (seats 0..humans-1, all watching) and bots of `level`
 * in the other seats (unless `bots` is false); started unless `start` is false. The
 * table is made over HTTP on `server`; seat i's connection goes to `urls[i % urls.length]`
 * (default: `server` too), so the players of one table can sit on different nodes. With
 * `named`, each connection names the table in its handshake, as the web client does (a
 * balancer then routes it to the table's node). With `from`, every connection comes from
 * that loopback address (the table is still made over HTTP from 127.0.0.1).
 */
export async function seatTable(
  server: Pick<TestServer, 'url'>,
  options: Partial<TableOptions> & { players: number },
  humans: number,
  {
    level = 'easy' as BotLevel,
    start = true,
    bots = true,
    urls = [server.url] as readonly string[],
    named = false,
    from = undefined as string | undefined,
  } = {},
): Promise<Seating> {
  const created = await api<CreateTableReply>(server, 'POST', '/api/tables', { name: 'Host', options });
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const { code, token } = created.body;
  const tokens = [token];
  for (let i = 1; i < humans; i++) {
    const joined = await api<JoinTableReply>(server, 'POST', `/api/tables/${code}/seats`, { name: `Player ${i}` });
    if (joined.status !== 201) throw new Error(`join failed: ${JSON.stringify(joined.body)}`);
    tokens.push(joined.body.token);
  }
  const clients = tokens.map((t, i) => new Client(urls[i % urls.length], t, from, named ? code : undefined));
  for (const c of clients) {
    const r = await c.watch(code);
    if (!r.ok) throw new Error(`watch failed: ${JSON.stringify(r)}`);
  }
  for (let seat = humans; bots && seat < options.players; seat++) {
    const r = await clients[0].call('seat:bot', { seat, level });
    if (!r.ok) throw new Error(`seat:bot failed: ${JSON.stringify(r)}`);
  }
  if (start) {
    const r = await clients[0].call('table:start', {});
    if (!r.ok) throw new Error(`start failed: ${JSON.stringify(r)}`);
    await Promise.all(clients.map((c) => c.until(() => c.game !== null, 'the first game update')));
  }
  return { code, humans: clients, tokens };
}
