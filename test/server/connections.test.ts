/**
 * The node's TCP connections (src/server/http/connections.ts), on a real server with a
 * cap of 3 open connections per address and a 2 s idle timeout: the extra connection of
 * one address is refused (a JSON 429, counted in /metrics, logged once) while another
 * address is served; connections that never send a request get a JSON 408 and are closed
 * after the timeout, which frees their address's room; Socket.IO over WebSocket and over long-polling stays up
 * however long it is quiet.
 */
import net from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableReply } from '../../src/protocol/messages.js';
import { Client } from './helpers/client.js';
import { api, requestFrom, startServer, type TestServer } from './helpers/server.js';

const CAP = 3;
const IDLE_MS = 2000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    MAX_SOCKETS_PER_ADDRESS: String(CAP),
    IDLE_CONNECTION_SECONDS: String(IDLE_MS / 1000),
  });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

/** A TCP connection from `from` that sends nothing; records what it is sent and when it closes. */
function silent(from: string): Promise<{ socket: net.Socket; received: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    let received = '';
    const socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress: from });
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (received += d));
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - opened)));
    socket.once('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function refusedCount(): Promise<number> {
  const metrics = await requestFrom(server, '127.0.0.1', 'GET', '/metrics');
  return Number(/^bottle_imp_connections_refused_total (\d+)$/m.exec(metrics.body)?.[1]);
}

describe('open connections per address', () => {
  it('the extra connection is refused with a JSON 429, another address is served, it is logged once', async () => {
    const before = await refusedCount();
    const held = await Promise.all([1, 2, 3].map(() => silent('127.0.0.4')));
    // Counted once the server has taken them.
    await pause(100);
    const extra = await silent('127.0.0.4');
    expect(await extra.closed).toBeLessThan(IDLE_MS);
    expect(extra.received()).toMatch(/^HTTP\/1\.1 429 /);
    expect(JSON.parse(extra.received().split('\r\n\r\n')[1])).toEqual({
      error: { code: 'ERR_TOO_MANY_CONNECTIONS', message: 'Too many connections from your address.' },
    });
    // An HTTP client of that address reads the refusal; another address is served.
    const refused = await requestFrom(server, '127.0.0.4', 'GET', '/healthz');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).error.code).toBe('ERR_TOO_MANY_CONNECTIONS');
    expect((await requestFrom(server, '127.0.0.5', 'GET', '/healthz')).status).toBe(200);
    expect(await refusedCount()).toBe(before + 2);
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.includes('connection refused') && l.includes('"address":"127.0.0.4"'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 40, open: CAP });

    // Silent connections are closed after the idle timeout, which frees their address's room.
    const lifetimes = await Promise.all(held.map((h) => h.closed));
    for (const ms of lifetimes) {
      expect(ms).toBeGreaterThanOrEqual(IDLE_MS - 100);
      expect(ms).toBeLessThan(IDLE_MS * 2);
    }
    // Each is told why, in the API's shape.
    for (const h of held) {
      expect(h.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(h.received().split('\r\n\r\n')[1]).error.code).toBe('ERR_REQUEST_TIMEOUT');
    }
    expect((await requestFrom(server, '127.0.0.4', 'GET', '/healthz')).status).toBe(200);
  });
});

describe('Socket.IO is not idle', () => {
  it('a WebSocket and a long-polling session stay up through three idle timeouts', async () => {
    const created = await api<CreateTableReply>(server, 'POST', '/api/tables', {
      name: 'Ann',
      options: { players: 2 },
    });
    const { code, token } = created.body;
    const ws = new Client(server.url, token, '127.0.0.6');
    expect((await ws.watch(code)).ok).toBe(true);
    const polling = io(server.url, { transports: ['polling'], reconnection: false, forceNew: true });
    expect((await polling.timeout(5000).emitWithAck('table:watch', { code })).ok).toBe(true);
    let drops = 0;
    for (const s of [ws.socket, polling]) s.on('disconnect', () => drops++);
    await pause(IDLE_MS * 3);
    expect(drops).toBe(0);
    expect(ws.socket.connected && polling.connected).toBe(true);
    // Both still answer.
    expect((await ws.call('chat:send', { text: 'still here' })).ok).toBe(true);
    expect((await polling.timeout(5000).emitWithAck('table:watch', { code })).ok).toBe(true);
    polling.close();
    ws.close();
  });
});
