/**
 * Deleting the account needs a recent sign-in (docs/protocol.md, `DELETE /api/me`): the
 * real account routes, sessions and SQLite store on a clock the test holds, so that a
 * session is made old by moving the clock, not by waiting. A session older than five
 * minutes is refused with ERR_SIGN_IN_AGAIN and nothing is deleted; a fresh sign-in on the
 * same device is accepted.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts, FRESH_SIGN_IN_MS } from '../../../src/server/accounts/accounts.js';
import { Moderation } from '../../../src/server/accounts/moderation.js';
import { configFromEnv } from '../../../src/server/config.js';
import { registerAccountRoutes } from '../../../src/server/http/account-routes.js';
import { registerErrorReplies } from '../../../src/server/http/errors.js';
import { checkOrigin } from '../../../src/server/http/guard.js';
import { limiters } from '../../../src/server/limits/limits.js';
import { LiveConnections } from '../../../src/server/realtime/live-accounts.js';
import type { IoServer } from '../../../src/server/realtime/socket.js';
import { SqliteStore } from '../../../src/server/store/sqlite.js';
import { tempDataDir } from '../helpers/server.js';

const PASSWORD = 'violet-otter-marmalade';
const ORIGIN = 'http://localhost';

describe('DELETE /api/me on an injected clock', () => {
  let now = Date.UTC(2026, 11, 6, 12);
  const store = new SqliteStore(tempDataDir(), { checkpoints: false });
  let app: FastifyInstance;

  beforeAll(async () => {
    const config = configFromEnv({ PUBLIC_URL: ORIGIN });
    const accounts = new Accounts(store, () => now);
    app = Fastify();
    registerErrorReplies(app);
    const live = new LiveConnections(new Server(app.server) as IoServer, accounts, store, null);
    const moderation = new Moderation(store, live, () => now);
    await app.register(async (api) => {
      checkOrigin(api, config);
      registerAccountRoutes(api, { accounts, store, limits: limiters(config), config, moderation, live });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  /** A request from our page, with the cookie when given; the new cookie of a sign-in, if any. */
  const send = async (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, body?: object) => {
    const res = await app.inject({
      method,
      url,
      headers: { origin: ORIGIN, ...(cookie ? { cookie: `bi_session=${cookie}` } : {}) },
      ...(body ? { payload: body } : {}),
    });
    const set = /bi_session=([\w-]+)/.exec(String(res.headers['set-cookie'] ?? ''));
    const code = res.body ? res.json<{ error?: { code: string } }>().error?.code : undefined;
    return { status: res.statusCode, code, cookie: set?.[1] };
  };

  it('refuses a session older than five minutes, and accepts one signed in again', async () => {
    const made = await send('POST', '/api/accounts', null, { username: 'old_ann', password: PASSWORD });
    expect(made.status).toBe(201);
    const old = made.cookie!;

    now += FRESH_SIGN_IN_MS + 1;
    expect(await send('DELETE', '/api/me', old)).toMatchObject({ status: 403, code: 'ERR_SIGN_IN_AGAIN' });
    // Refused, nothing changed: the account and its old session are still there.
    expect((await send('GET', '/api/me', old)).status).toBe(200);

    const again = await send('POST', '/api/session', old, { username: 'old_ann', password: PASSWORD });
    expect(again.status).toBe(200);
    // Just inside the five minutes of the new sign-in.
    now += FRESH_SIGN_IN_MS;
    expect((await send('DELETE', '/api/me', again.cookie!)).status).toBe(204);
    expect(await send('GET', '/api/me', again.cookie!)).toMatchObject({ status: 401, code: 'ERR_SIGNED_OUT' });
    expect(await send('GET', '/api/me', old)).toMatchObject({ status: 401, code: 'ERR_SIGNED_OUT' });
    expect(await store.accountNamed('old_ann')).toBeNull();
  });
});
