/**
 * Socket.IO messages per address (ADDRESS_RATE_PER_SECOND, counted in windows of two
 * seconds' worth) over three real nodes: one address spread over the three is held to one
 * shared window, not three; one address on one node sending within its window is never
 * refused. Every message here is a
 * seated one from a connection without a seat: answered ERR_NOT_SEATED when the limit
 * lets it through, ERR_RATE_LIMITED when not. Each test uses an address of its own.
 */
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { clusterAvailable, clusterForFile } from '../helpers/cluster.js';

const run = await clusterAvailable();
const RATE = 4;
/** The points of a window, and its length in seconds. */
const BURST = RATE * 2;
const WINDOW_SECONDS = 2;

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

  it.skipIf(!run)('one address spread over the nodes gets one shared window, not one per node', async () => {
    const sockets = await Promise.all(file.cluster.nodes.map((n) => connect(n.url, '127.0.0.21')));
    const started = performance.now();
    const codes = (await Promise.all(sockets.map((s) => send(s, 3 * BURST)))).flat();
    const seconds = (performance.now() - started) / 1000;
    for (const s of sockets) s.close();
    const passed = codes.filter((c) => c === 'ERR_NOT_SEATED').length;
    expect(passed + codes.filter((c) => c === 'ERR_RATE_LIMITED').length).toBe(codes.length);
    // The shared window's points, and those of any window that began while the test ran. A window
    // per node would let three windows' worth through.
    expect(passed).toBeLessThanOrEqual(BURST * (1 + Math.floor(seconds / WINDOW_SECONDS)));
    expect(passed).toBeGreaterThanOrEqual(BURST);
  });

  it.skipIf(!run)('one address on one node within its window is never refused', async () => {
    const socket = await connect(file.cluster.nodes[0].url, '127.0.0.22');
    // A whole window's worth at once, then, once that window ended, another.
    expect(await send(socket, BURST)).toEqual(Array(BURST).fill('ERR_NOT_SEATED'));
    await new Promise((r) => setTimeout(r, WINDOW_SECONDS * 1000));
    expect(await send(socket, BURST)).toEqual(Array(BURST).fill('ERR_NOT_SEATED'));
    socket.close();
  });
});
