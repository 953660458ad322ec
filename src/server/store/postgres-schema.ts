/**
 * The PostgreSQL schema as numbered migrations, applied in order at start-up
 * (migratePostgres) inside one transaction under an advisory lock (so nodes starting
 * together migrate once); the numbers applied are kept in schema_migrations. Never edit a
 * migration that has shipped: add the next one. The numbering follows the SQLite migrations.
 */
import type pg from 'pg';

/** Any fixed number shared by every node: the advisory lock held while migrating. */
const MIGRATION_LOCK = 0x6b0771e;

export const PG_MIGRATIONS: readonly string[] = [
  // 1: the schema of the first release.
  `
CREATE TABLE tables (
  code text PRIMARY KEY,
  settings jsonb NOT NULL,
  host integer NOT NULL,
  status text NOT NULL,
  game_id text,
  created_at bigint NOT NULL
);
CREATE INDEX tables_by_status ON tables (status);
CREATE TABLE seats (
  table_code text NOT NULL,
  seat integer NOT NULL,
  name text,
  token_hash text,
  bot text,
  away boolean NOT NULL DEFAULT false,
  PRIMARY KEY (table_code, seat)
);
CREATE TABLE games (
  id text PRIMARY KEY,
  table_code text NOT NULL,
  options jsonb NOT NULL,
  seed bigint NOT NULL,
  names jsonb NOT NULL,
  bots jsonb NOT NULL,
  status text NOT NULL,
  started_at bigint NOT NULL,
  finished_at bigint
);
CREATE INDEX games_by_table ON games (table_code, started_at);
CREATE TABLE actions (
  game_id text NOT NULL,
  seq integer NOT NULL,
  seat integer NOT NULL,
  action jsonb NOT NULL,
  by_bot boolean NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (game_id, seq)
);
CREATE TABLE chat (
  id bigserial PRIMARY KEY,
  table_code text NOT NULL,
  game_id text,
  seat integer NOT NULL,
  name text NOT NULL,
  text text,
  reaction text,
  at bigint NOT NULL
);
CREATE INDEX chat_by_table ON chat (table_code, id);
CREATE TABLE timers (
  table_code text NOT NULL,
  kind text NOT NULL,
  seat integer NOT NULL,
  deadline bigint NOT NULL,
  PRIMARY KEY (table_code, kind, seat)
);
`,
  // 2: tables.version for compare-and-set saves; a table stored before it counts as version 1.
  `ALTER TABLE tables ADD COLUMN version integer NOT NULL DEFAULT 1;`,
  // 3: the analyses of finished games (docs/analysis.md's JSON, kept as text), one per game.
  `
CREATE TABLE analyses (
  game_id text PRIMARY KEY REFERENCES games (id),
  analysis text NOT NULL,
  at bigint NOT NULL
);
`,
  // 4: table ownership in a cluster: the node holding the lease, until when (ms, the database's
  // clock) and the fencing number that the owner's writes must carry (docs/deploy.md).
  `
ALTER TABLE tables ADD COLUMN owner_node text, ADD COLUMN owner_fence bigint NOT NULL DEFAULT 0, ADD COLUMN lease_until bigint;
CREATE INDEX tables_by_owner ON tables (owner_node);
`,
  // 5: games waiting to be analysed, so that a request survives a restart (src/server/analysis/queue.ts).
  `
CREATE TABLE analysis_requests (
  game_id text PRIMARY KEY REFERENCES games (id),
  at bigint NOT NULL
);
`,
  // 6: which node analyses a requested game, until when (ms, the database's clock): each request
  // is claimed by one node at a time, and a dead node's claim runs out (src/server/analysis/queue.ts).
  `ALTER TABLE analysis_requests ADD COLUMN claimed_by text, ADD COLUMN claimed_until bigint;`,
  // 7: the 256-bit seed a game is dealt from (64 hexadecimal digits, ChaCha20: issue 29); games
  // from before it keep their 32-bit seed in \`seed\`, and a game with a wide seed has 0 there.
  `ALTER TABLE games ADD COLUMN wide_seed text;`, // 8: accounts (docs/protocol.md, "Accounts"): the account, its signed-in devices (session ids
  // hashed), its passkeys, the players it blocks, and reports for the operator. Names are unique
  // without regard to case through username_key, the name in lower case.
  `
CREATE TABLE accounts (
  id text PRIMARY KEY,
  username text NOT NULL,
  username_key text NOT NULL UNIQUE,
  created_at bigint NOT NULL,
  password_hash text,
  banned_at bigint
);
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  last_seen_at bigint NOT NULL,
  user_agent text
);
CREATE INDEX sessions_by_account ON sessions (account_id);
CREATE TABLE passkeys (
  credential_id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  counter bigint NOT NULL,
  transports text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX passkeys_by_account ON passkeys (account_id);
CREATE TABLE blocks (
  blocker_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  blocked_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  at bigint NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE TABLE reports (
  id bigserial PRIMARY KEY,
  reporter_id text REFERENCES accounts (id) ON DELETE SET NULL,
  reported_id text REFERENCES accounts (id) ON DELETE SET NULL,
  reported_name text NOT NULL,
  reason text NOT NULL,
  at bigint NOT NULL
);
`,
  // 9: WebAuthn challenges handed out and not yet answered, so that any node checks the answer
  // (docs/protocol.md, "Passkeys"); each is taken once, and expired ones go as new ones come.
  `
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL,
  account_id text REFERENCES accounts (id) ON DELETE CASCADE,
  username text,
  expires_at bigint NOT NULL
);
`,
  // 10: a seat taken by a signed-in player belongs to the account (docs/protocol.md, "Seats of
  // an account"): any device signed in to it holds the seat, beside the seat token.
  `
ALTER TABLE seats ADD COLUMN account_id text REFERENCES accounts (id) ON DELETE SET NULL;
CREATE INDEX seats_by_account ON seats (account_id);
`,
  // 11: the daily deal (docs/protocol.md, "The daily deal"): each player's attempt at a day, one
  // per account or guest's browser (\`player\`), its score once its game is over; and the secret
  // the days are dealt under when DAILY_SECRET is not set, made by the first node to start and
  // shared by every node.
  `
CREATE TABLE daily_attempts (
  day text NOT NULL,
  player text NOT NULL,
  account_id text REFERENCES accounts (id) ON DELETE SET NULL,
  name text NOT NULL,
  table_code text NOT NULL,
  game_id text NOT NULL,
  started_at bigint NOT NULL,
  score integer,
  finished_at bigint,
  PRIMARY KEY (day, player)
);
CREATE INDEX daily_attempts_by_score ON daily_attempts (day, score);
CREATE TABLE daily_secret (
  id integer PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL
);
`,
  // 12: the players of each finished game (docs/protocol.md, "Profile and history"): per seat its final
  // total and place, and the account that held the seat when the game ended (null for a guest or a
  // bot), so that an account's history is one indexed read. Written with the game's last action.
  `
CREATE TABLE game_players (
  game_id text NOT NULL REFERENCES games (id),
  seat integer NOT NULL,
  account_id text REFERENCES accounts (id) ON DELETE SET NULL,
  score integer NOT NULL,
  place integer NOT NULL,
  finished_at bigint NOT NULL,
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_by_account ON game_players (account_id, finished_at, game_id);
`,
  // 13: bot accounts (docs/protocol.md, "Bot accounts"): what an account is ('person' or 'bot',
  // the one place play-now matching asks: accounts/kind.ts), a bot's bearer token (its SHA-256
  // only, like session ids), and which seats a bot account holds, so that every summary says so.
  `
ALTER TABLE accounts ADD COLUMN kind text NOT NULL DEFAULT 'person';
ALTER TABLE accounts ADD COLUMN bot_token_hash text;
CREATE UNIQUE INDEX accounts_by_bot_token ON accounts (bot_token_hash);
ALTER TABLE seats ADD COLUMN bot_account boolean NOT NULL DEFAULT false;
`,
  // 14: the account a chat message came from (null for a guest's, or once the account is deleted),
  // so that the history a connection gets leaves out whom its account blocks, whatever seat they
  // sat in and whoever holds it now (docs/protocol.md, "Blocks and reports").
  `ALTER TABLE chat ADD COLUMN account_id text REFERENCES accounts (id) ON DELETE SET NULL;`,
  // 15: which seats of a game bot accounts held when it started (a JSON array of booleans, per
  // seat), so that a finished game and the histories that list it mark them as bots as the table
  // did; games from before are taken as having none ([]).
  `ALTER TABLE games ADD COLUMN bot_accounts jsonb NOT NULL DEFAULT '[]';`,
  // 16: seat 1's actions of a scored daily attempt (JSON), kept with its score, so that the
  // field's choices at each decision of a day are one read (docs/protocol.md, "The daily deal").
  `ALTER TABLE daily_attempts ADD COLUMN plays text;`,
  // 17: ratings (docs/ratings.md): whether each game is rated and who was who as it started (null
  // when unrated), each account's current rating per pool (openskill's μ and σ, games played) and
  // its history (the rating after each rated game, and the one before it, by seat), both written
  // with the game's last action; they go with the account.
  `
ALTER TABLE games ADD COLUMN rated jsonb;
CREATE TABLE ratings (
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  pool text NOT NULL,
  mu double precision NOT NULL,
  sigma double precision NOT NULL,
  games integer NOT NULL,
  PRIMARY KEY (account_id, pool)
);
CREATE INDEX ratings_by_pool ON ratings (pool, mu);
CREATE TABLE rating_history (
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  pool text NOT NULL,
  game_id text NOT NULL REFERENCES games (id),
  seat integer NOT NULL,
  mu double precision NOT NULL,
  sigma double precision NOT NULL,
  rating integer NOT NULL,
  before_rating integer,
  at bigint NOT NULL,
  PRIMARY KEY (account_id, pool, game_id)
);
CREATE INDEX rating_history_by_account ON rating_history (account_id, pool, at);
CREATE INDEX rating_history_by_game ON rating_history (game_id);
`,
  // 18: duplicate events (docs/duplicate.md): each event's settings, host and closing, and its
  // entries, one per player and seat whose cards it holds, with the points per hand (JSON)
  // once its game is over.
  `
CREATE TABLE duplicate_events (
  code text PRIMARY KEY,
  name text NOT NULL,
  players integer NOT NULL,
  mode text NOT NULL,
  hands integer NOT NULL,
  host text NOT NULL,
  host_name text NOT NULL,
  created_at bigint NOT NULL,
  closed_at bigint
);
CREATE TABLE duplicate_entries (
  event text NOT NULL REFERENCES duplicate_events (code),
  player text NOT NULL,
  seat integer NOT NULL,
  account_id text REFERENCES accounts (id) ON DELETE SET NULL,
  name text NOT NULL,
  table_code text NOT NULL,
  started_at bigint NOT NULL,
  scores text,
  finished_at bigint,
  PRIMARY KEY (event, player, seat)
);
`,
];

/** Bring the database's schema up to the last migration, all in one transaction. */
export async function migratePostgres(client: pg.PoolClient): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ v: number }>(
      'SELECT coalesce(max(version), 0)::integer AS v FROM schema_migrations',
    );
    const current = rows[0].v;
    if (current > PG_MIGRATIONS.length)
      throw new Error(`the database has schema version ${current}, newer than this server (${PG_MIGRATIONS.length})`);
    for (let v = current + 1; v <= PG_MIGRATIONS.length; v++) {
      await client.query(PG_MIGRATIONS[v - 1]);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [v]);
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}
