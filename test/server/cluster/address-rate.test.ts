/**
 * Socket.IO messages per address (ADDRESS_RATE_PER_SECOND) over three real nodes: one
 * address spread over the three is held to about the shared rate, not three times it; one
 * address on one node sending within its rate is never refused. Every message here is a
 * seated one from a connection without a seat: answered ERR_NOT_SEATED when the limit
 * lets it through, ERR_RATE_LIMITED when not. Each test uses an address of its own.
 */
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { clusterAvailable, clusterForFile } from '../helpers/cluster.js';

const run = await clusterAvailable();
const RATE = 4;
const BURST = RATE * 2;

function connect(url: string, from: string): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    localAddress: from,
  } as never);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Send `n` messages at once; the refusal code of each. */
async function send(socket: Socket, n: number): Promise<string[]> {
  const replies = await Promise.all(
    Array.from({ length: n }, () => socket.timeout(20_000).emitWithAck('chat:send', { text: 'hello' })),
  );
  return replies.map((r: { ok: boolean; error?: { code: string } }) => r.error?.code ?? 'OK');
}

describe('messages per address over three nodes', () => {
  const file = clusterForFile(run, {
    env: { ADDRESS_RATE_PER_SECOND: String(RATE), SOCKET_RATE_PER_SECOND: '1000', JOIN_TIMEOUT_SECONDS: '120' },
  });

  it.skipIf(!run)('one address spread over the nodes gets the shared rate, not one per node', async () => {
    const sockets = await Promise.all(file.cluster.nodes.map((n) => connect(n.url, '127.0.0.21')));
    const started = performance.now();
    const codes = (await Promise.all(sockets.map((s) => send(s, 3 * BURST)))).flat();
    const seconds = (performance.now() - started) / 1000;
    for (const s of sockets) s.close();
    const passed = codes.filter((c) => c === 'ERR_NOT_SEATED').length;
    expect(passed + codes.filter((c) => c === 'ERR_RATE_LIMITED').length).toBe(codes.length);
    // The shared bucket: its burst, what it refilled meanwhile, and what each node may hold in hand
    // (a tenth of a second's worth, at least one). A bucket per node would let through three bursts and three times the refill.
    expect(passed).toBeLessThanOrEqual(BURST + Math.ceil(RATE * seconds) + 3 * 2);
    expect(passed).toBeGreaterThanOrEqual(BURST);
  });

  it.skipIf(!run)('one address on one node within its rate is never refused', async () => {
    const socket = await connect(file.cluster.nodes[0].url, '127.0.0.22');
    // A whole burst at once, then, a second later, what a second refills.
    expect(await send(socket, BURST)).toEqual(Array(BURST).fill('ERR_NOT_SEATED'));
    await new Promise((r) => setTimeout(r, 1000));
    expect(await send(socket, RATE)).toEqual(Array(RATE).fill('ERR_NOT_SEATED'));
    socket.close();
  });
});
