/**
 * What nodes read back from Redis is checked, never trusted (payloads.ts): malformed
 * follower records, messages between nodes, table requests and `seat:lost`, written into
 * the shared Redis (under a random key prefix removed afterwards), are logged with what is
 * wrong and refused, while well-formed ones around them still work.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterBroadcaster } from '../../../src/server/cluster/broadcaster.js';
import { Followers } from '../../../src/server/cluster/followers.js';
import { TableRequestSchema } from '../../../src/server/cluster/payloads.js';
import type { RedisLinks } from '../../../src/server/cluster/redis.js';
import { Rpc } from '../../../src/server/cluster/rpc.js';
import { check } from '../../../src/server/decode.js';
import { hashToken } from '../../../src/server/ids.js';
import type { IoServer } from '../../../src/server/realtime/socket.js';
import { dropPrefix, nodeLinks, randomPrefix, redisAvailable, redisClient, TEST_REDIS_URL } from '../helpers/redis.js';

const redisHere = await redisAvailable();
const prefix = randomPrefix();

/** A logger that keeps what it was given: the refusals a test expects to see. */
function recorder() {
  const lines: { msg: string; error: string }[] = [];
  const keep = (o: object, msg: string) =>
    lines.push({ msg, error: o && 'err' in o ? String((o as { err: Error }).err.message) : JSON.stringify(o) });
  return { lines, error: keep, warn: keep };
}

const until = async (done: () => boolean, what: string, ms = 3000): Promise<void> => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(!redisHere)('payloads read back from Redis', () => {
  const links: RedisLinks[] = [];
  const link = async (nodeId: string) => {
    const l = await nodeLinks(prefix, nodeId);
    links.push(l);
    return l;
  };
  let a: RedisLinks;
  let b: RedisLinks;
  beforeAll(async () => {
    a = await link('a');
    b = await link('b');
  });
  afterAll(async () => {
    for (const l of links) await l.close(2000);
    if (redisHere) await dropPrefix(TEST_REDIS_URL, prefix);
  });

  it('a malformed follower record is logged and not counted; the others are', async () => {
    const log = recorder();
    const followers = new Followers(a.main, prefix, 'a/1', log);
    const claim = { seat: 1, tokenHash: hashToken('token-1') };
    await followers.add('TBL2', 'good', claim);
    await followers.add('TBL2', 'watcher', null);
    const key = `${prefix}followers:TBL2`;
    await a.main.hset(key, 'a/1 garbled', '{"seat":');
    await a.main.hset(key, 'a/1 stringy', JSON.stringify({ seat: '1', tokenHash: hashToken('x') }));
    await a.main.hset(key, 'a/1 far', JSON.stringify({ seat: 9, tokenHash: hashToken('y') }));
    await a.main.hset(key, 'a/1 extra', JSON.stringify({ seat: 2, tokenHash: hashToken('z'), admin: true }));

    const alive = new Set(['a/1']);
    const listed = await followers.of('TBL2', alive);
    expect(listed.map((f) => f.connection).sort()).toEqual(['good', 'watcher']);
    expect(listed.find((f) => f.connection === 'good')?.claim).toEqual(claim);
    const present = (await followers.attendance(['TBL2'], alive)).get('TBL2')!;
    expect([0, 1, 2, 3, 4, 5].filter((s) => present.isPresent(s))).toEqual([1]);
    expect(present.spectators()).toBe(1);

    // Each refusal says which record and what is wrong with it (twice: listed, then counted).
    const refused = log.lines.filter((l) => l.msg === 'follower record refused').map((l) => l.error);
    expect(refused).toHaveLength(8);
    expect(refused).toContain('the follower record a/1 garbled of table TBL2 is malformed: not JSON');
    expect(refused.find((e) => e.includes('a/1 stringy'))).toMatch(/malformed: seat: .*number/);
    expect(refused.find((e) => e.includes('a/1 far'))).toMatch(/malformed: seat: /);
    expect(refused.find((e) => e.includes('a/1 extra'))).toMatch(/malformed: .*admin/);
  });

  describe('between nodes', () => {
    let asker: Rpc;
    let owner: Rpc;
    const askerLog = recorder();
    const ownerLog = recorder();
    /** The table requests the owner carried out, as checked. */
    const served: unknown[] = [];
    beforeAll(async () => {
      asker = new Rpc(a.main, a.rpcSub, prefix, 'a', 'a/1', async () => null, askerLog);
      // As node.ts serves: the request is checked before anything is done with it.
      owner = new Rpc(
        b.main,
        b.rpcSub,
        prefix,
        'b',
        'b/1',
        async (body) => {
          served.push(check('a table request from another node', TableRequestSchema, body));
          return { done: true };
        },
        ownerLog,
      );
      await asker.start();
      await owner.start();
    });
    afterAll(() => {
      asker?.stop();
      owner?.stop();
    });

    it('messages that are not requests or answers are logged and dropped', async () => {
      const channel = `${prefix}node:b`;
      for (const text of ['not json', '[]', '{"id":"x","from":"a"}', '{"id":"x","from":"a","process":"a 1","body":{}}'])
        expect(await a.main.publish(channel, text)).toBe(1);
      // Published after them on the same connection: once it is answered, the owner has read them all.
      expect(await asker.request('b', { code: 'TBL3', summary: true }, 2000)).toEqual({ done: true });
      expect(served).toEqual([{ code: 'TBL3', summary: true }]);
      const refused = ownerLog.lines.filter((l) => l.msg === 'message between nodes refused').map((l) => l.error);
      expect(refused).toHaveLength(4);
      expect(refused[0]).toBe('a message between nodes is malformed: not JSON');
      for (const e of refused) expect(e).toMatch(/^a message between nodes is malformed: /);
    });

    it('a table request of the wrong shape is refused with ERR_INTERNAL and logged; nothing is done', async () => {
      served.length = 0;
      const by = { seat: 0, tokenHash: hashToken('t') };
      const bad = [
        { code: 'TBL3' },
        { code: 'TBL3', command: { type: 'table:nuke', by } },
        { code: 'TBL3', command: { type: 'seat:bot', by, message: { seat: 1, level: 'godlike' } } },
        {
          code: 'TBL3',
          command: { type: 'game:act', by: { seat: 0 }, message: { action: { type: 'play', card: 5 } } },
        },
        { code: 'TBL3', command: { type: 'join', name: 7 } },
      ];
      for (const body of bad)
        await expect(asker.request('b', body, 2000)).rejects.toMatchObject({ code: 'ERR_INTERNAL', status: 500 });
      expect(served).toEqual([]);
      const failed = ownerLog.lines.filter((l) => l.msg === 'forwarded request failed').map((l) => l.error);
      expect(failed).toHaveLength(bad.length);
      expect(failed[2]).toMatch(/^a table request from another node is malformed: command.message.level: /);
      // A well-formed one goes through, its message as the protocol's schema reads it.
      const act = { type: 'game:act', by, message: { action: { type: 'play', card: 5 }, seq: 3 } };
      expect(await asker.request('b', { code: 'TBL3', command: act }, 2000)).toEqual({ done: true });
      expect(served).toEqual([{ code: 'TBL3', command: act }]);
    });

    it('a malformed answer refuses the request it names at once, with ERR_INTERNAL, and is logged', async () => {
      // An impostor listens as node c, and answers every request to it malformed.
      const impostor = redisClient(TEST_REDIS_URL);
      await impostor.subscribe(`${prefix}node:c`);
      impostor.on('message', (_channel: string, text: string) => {
        const { id } = JSON.parse(text) as { id: string };
        const answer = { ok: false, code: 'ERR_PWNED', message: 'Trust me.', status: 409 };
        void a.main.publish(`${prefix}node:a`, JSON.stringify({ re: id, answer }));
      });
      try {
        const started = Date.now();
        await expect(asker.request('c', { code: 'TBL3', summary: true }, 5000)).rejects.toMatchObject({
          code: 'ERR_INTERNAL',
          status: 500,
        });
        expect(Date.now() - started).toBeLessThan(2000);
        const refused = askerLog.lines.filter((l) => l.msg === 'message between nodes refused').map((l) => l.error);
        expect(refused).toHaveLength(1);
        expect(refused[0]).toMatch(/^an answer from another node is malformed: code: /);
      } finally {
        await impostor.quit();
      }
    });
  });

  it('seat:lost from another node takes the seat only when it is well-formed', async () => {
    const key = `${prefix}socket.io`;
    const http = createServer();
    const here: IoServer = new Server(http, { adapter: createAdapter(a.adapterPub, a.adapterSub, { key }) });
    const there: IoServer = new Server(createServer(), { adapter: createAdapter(b.adapterPub, b.adapterSub, { key }) });
    const log = recorder();
    const broadcaster = new ClusterBroadcaster(here, { follow: () => undefined, unfollow: () => undefined }, log);
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'] });
    try {
      await new Promise<void>((r) => client.once('connect', r));
      const lost: unknown[] = [];
      client.on('seat:lost', (m: unknown) => lost.push(m));
      const claim = { seat: 2, tokenHash: hashToken('token-2') };
      await until(() => here.sockets.sockets.size === 1, 'the connection');
      expect(broadcaster.follow('TBL4', [...here.sockets.sockets.keys()][0], claim)).toBe(true);
      // Both nodes listen for requests between them before anything is sent.
      const channel = `${key}-request#/#`;
      for (let tries = 0; ; tries++) {
        const [, listeners] = (await a.main.pubsub('NUMSUB', channel)) as [string, number];
        if (Number(listeners) >= 2) break;
        if (tries > 100) throw new Error('the adapters did not subscribe');
        await new Promise((r) => setTimeout(r, 20));
      }
      const emit = there.serverSideEmit.bind(there) as (event: string, ...args: unknown[]) => boolean;
      emit('seat:lost', 'TBL4', { seat: 'two', tokenHash: claim.tokenHash });
      emit('seat:lost', 'TBL4', { ...claim, tokenHash: 'guess' });
      emit('seat:lost', 'TBL4');
      emit('seat:lost', 'TBL4', claim);
      await until(() => lost.length > 0, 'seat:lost');
      expect(lost).toEqual([{ seat: 2 }]);
      const refused = log.lines.filter((l) => l.msg === 'message between nodes refused').map((l) => l.error);
      expect(refused).toHaveLength(3);
      for (const e of refused) expect(e).toMatch(/^seat:lost from another node is malformed: /);
      expect(refused[0]).toMatch(/^seat:lost from another node is malformed: 1.seat: /);
    } finally {
      client.close();
      here.close();
      there.close();
    }
  });
});
