/**
 * Accounts for the server benchmark (run.ts `--signed-in`, `--sign-ins`): accounts and
 * their sessions written straight into the running server's SQLite file (real rows, as a
 * sign-up makes them, all with one password hash made once, so the seeding costs no hash
 * per account), and sign-ins at a steady rate beside the load, each a password
 * verification on the server's thread pool.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import { hashToken } from '../../src/server/ids.js';
import { SqliteStore } from '../../src/server/store/sqlite.js';

export const BENCH_PASSWORD = 'violet-otter-marmalade';

/** `count` accounts named `bench_N`, each with a running session; their names and session ids (the cookies). */
export async function seedAccounts(dataDir: string, count: number): Promise<{ names: string[]; sessions: string[] }> {
  const store = new SqliteStore(dataDir, { checkpoints: false });
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const names: string[] = [];
  const sessions: string[] = [];
  try {
    const now = Date.now();
    for (let i = 0; i < count; i++) {
      const id = randomBytes(12).toString('base64url');
      const username = `bench_${i}`;
      await store.createAccount({ id, username, createdAt: now, passwordHash, bannedAt: null, kind: 'person' });
      const session = randomBytes(32).toString('base64url');
      await store.createSession({
        idHash: hashToken(session),
        accountId: id,
        createdAt: now,
        lastSeenAt: now,
        userAgent: 'bench',
      });
      names.push(username);
      sessions.push(session);
    }
  } finally {
    await store.close();
  }
  return { names, sessions };
}

/** One sign-in from a loopback address of its own; its status (0: no answer) and time. */
function signIn(url: string, username: string, from: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const body = JSON.stringify({ username, password: BENCH_PASSWORD });
  return new Promise((resolve) => {
    const req = http.request(
      `${url}/api/session`,
      {
        method: 'POST',
        localAddress: from,
        timeout: 30_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

/**
 * Sign-ins at `perSecond` until stopped, each with the next account of `names` from the
 * next of as many loopback addresses, so that no name nor address meets the limit of 5
 * password checks a minute: give at least 12 × perSecond names, and each comes round at
 * most 5 times a minute.
 */
export function signInsBeside(url: string, names: readonly string[], perSecond: number) {
  const answered: { status: number; ms: number }[] = [];
  const pending: Promise<void>[] = [];
  let k = 0;
  const tick = setInterval(() => {
    const i = k++ % names.length;
    const from = `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
    pending.push(signIn(url, names[i], from).then((r) => void answered.push(r)));
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(tick);
      await Promise.all(pending);
      const ok = answered.filter((r) => r.status === 200);
      const ms = ok.map((r) => r.ms).sort((a, b) => a - b);
      return {
        perSecond,
        sent: answered.length,
        signedIn: ok.length,
        refused: answered.length - ok.length,
        /** Each answer's HTTP status (0: none within 30 s). */
        byStatus: Object.fromEntries(
          [...new Set(answered.map((r) => r.status))].map((st) => [st, answered.filter((r) => r.status === st).length]),
        ),
        p50Ms: Math.round(ms[Math.floor(0.5 * (ms.length - 1))] ?? 0),
        p99Ms: Math.round(ms[Math.floor(0.99 * (ms.length - 1))] ?? 0),
      };
    },
  };
}
