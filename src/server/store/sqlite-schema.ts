/**
 * The SQLite schema as numbered migrations, applied in order at start-up; the number of
 * the last one applied is kept in the file itself (PRAGMA user_version). Never edit a
 * migration that has shipped: add the next one.
 */
export const SQLITE_MIGRATIONS: readonly string[] = [
  // 1: the schema from before migrations were numbered (IF NOT EXISTS, so such a file is adopted as it is).
  `
CREATE TABLE IF NOT EXISTS tables (
  code TEXT PRIMARY KEY,
  settings TEXT NOT NULL,
  host INTEGER NOT NULL,
  status TEXT NOT NULL,
  game_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_by_status ON tables (status);
CREATE TABLE IF NOT EXISTS seats (
  table_code TEXT NOT NULL,
  seat INTEGER NOT NULL,
  name TEXT,
  token_hash TEXT,
  bot TEXT,
  away INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (table_code, seat)
);
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  table_code TEXT NOT NULL,
  options TEXT NOT NULL,
  seed INTEGER NOT NULL,
  names TEXT NOT NULL,
  bots TEXT NOT NULL,
  status TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE INDEX IF NOT EXISTS games_by_table ON games (table_code, started_at);
CREATE TABLE IF NOT EXISTS actions (
  game_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  action TEXT NOT NULL,
  by_bot INTEGER NOT NULL,
  at INTEGER NOT NULL,
  UNIQUE (game_id, seq)
);
CREATE TABLE IF NOT EXISTS chat (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  table_code TEXT NOT NULL,
  game_id TEXT,
  seat INTEGER NOT NULL,
  name TEXT NOT NULL,
  text TEXT,
  reaction TEXT,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_by_table ON chat (table_code, id);
CREATE TABLE IF NOT EXISTS timers (
  table_code TEXT NOT NULL,
  kind TEXT NOT NULL,
  seat INTEGER NOT NULL,
  deadline INTEGER NOT NULL,
  PRIMARY KEY (table_code, kind, seat)
);
`,
  // 2: tables.version for compare-and-set saves; a table stored before it counts as version 1.
  `ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 1;`,
  // 3: the analyses of finished games (docs/analysis.md's JSON), one per game.
  `
CREATE TABLE analyses (
  game_id TEXT PRIMARY KEY REFERENCES games (id),
  analysis TEXT NOT NULL,
  at INTEGER NOT NULL
);
`,
  // 4: table ownership in a cluster (used by the PostgreSQL store only; kept alike so that one contract holds).
  `
ALTER TABLE tables ADD COLUMN owner_node TEXT;
ALTER TABLE tables ADD COLUMN owner_fence INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN lease_until INTEGER;
CREATE INDEX tables_by_owner ON tables (owner_node);
`,
  // 5: games waiting to be analysed, so that a request survives a restart (src/server/analysis/queue.ts).
  `
CREATE TABLE analysis_requests (
  game_id TEXT PRIMARY KEY REFERENCES games (id),
  at INTEGER NOT NULL
);
`,
  // 6: which node analyses a requested game, until when (ms): the same claims as PostgreSQL's,
  // although a SQLite file has one node.
  `
ALTER TABLE analysis_requests ADD COLUMN claimed_by TEXT;
ALTER TABLE analysis_requests ADD COLUMN claimed_until INTEGER;
`,
  // 7: the 256-bit seed a game is dealt from (64 hexadecimal digits, ChaCha20: issue 29); games
  // from before it keep their 32-bit seed in \`seed\`, and a game with a wide seed has 0 there.
  `ALTER TABLE games ADD COLUMN wide_seed TEXT;`, // 8: accounts (docs/protocol.md, "Accounts"): the account, its signed-in devices (session ids
  // hashed), its passkeys, the players it blocks, and reports for the operator. Names are unique
  // without regard to case through username_key, the name in lower case.
  `
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  username_key TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  password_hash TEXT,
  banned_at INTEGER
);
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  user_agent TEXT
);
CREATE INDEX sessions_by_account ON sessions (account_id);
CREATE TABLE passkeys (
  credential_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX passkeys_by_account ON passkeys (account_id);
CREATE TABLE blocks (
  blocker_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  blocked_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  at INTEGER NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE TABLE reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reporter_id TEXT REFERENCES accounts (id) ON DELETE SET NULL,
  reported_id TEXT REFERENCES accounts (id) ON DELETE SET NULL,
  reported_name TEXT NOT NULL,
  reason TEXT NOT NULL,
  at INTEGER NOT NULL
);
`,
  // 9: WebAuthn challenges handed out and not yet answered, so that any node checks the answer
  // (docs/protocol.md, "Passkeys"); each is taken once, and expired ones go as new ones come.
  `
CREATE TABLE webauthn_challenges (
  challenge TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  account_id TEXT REFERENCES accounts (id) ON DELETE CASCADE,
  username TEXT,
  expires_at INTEGER NOT NULL
);
`,
  // 10: a seat taken by a signed-in player belongs to the account (docs/protocol.md, "Seats of
  // an account"): any device signed in to it holds the seat, beside the seat token.
  `
ALTER TABLE seats ADD COLUMN account_id TEXT REFERENCES accounts (id) ON DELETE SET NULL;
CREATE INDEX seats_by_account ON seats (account_id);
`,
  // 11: the daily deal (docs/protocol.md, "The daily deal"): each player's attempt at a day, one
  // per account or guest's browser (\`player\`), its score once its game is over; and the secret
  // the days are dealt under, when DAILY_SECRET is not set (used by PostgreSQL only, whose nodes
  // share it; a SQLite server keeps it in a file of its data folder; kept alike for one contract).
  `
CREATE TABLE daily_attempts (
  day TEXT NOT NULL,
  player TEXT NOT NULL,
  account_id TEXT REFERENCES accounts (id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  table_code TEXT NOT NULL,
  game_id TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  score INTEGER,
  finished_at INTEGER,
  PRIMARY KEY (day, player)
);
CREATE INDEX daily_attempts_by_score ON daily_attempts (day, score);
CREATE TABLE daily_secret (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  secret TEXT NOT NULL
);
`,
  // 12: the players of each finished game (docs/protocol.md, "Profile and history"): per seat its final
  // total and place, and the account that held the seat when the game ended (null for a guest or a
  // bot), so that an account's history is one indexed read. Written with the game's last action.
  `
CREATE TABLE game_players (
  game_id TEXT NOT NULL REFERENCES games (id),
  seat INTEGER NOT NULL,
  account_id TEXT REFERENCES accounts (id) ON DELETE SET NULL,
  score INTEGER NOT NULL,
  place INTEGER NOT NULL,
  finished_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_players_by_account ON game_players (account_id, finished_at, game_id);
`,
  // 13: bot accounts (docs/protocol.md, "Bot accounts"): what an account is ('person' or 'bot',
  // the one place play-now matching asks: accounts/kind.ts), a bot's bearer token (its SHA-256
  // only, like session ids), and which seats a bot account holds, so that every summary says so.
  `
ALTER TABLE accounts ADD COLUMN kind TEXT NOT NULL DEFAULT 'person';
ALTER TABLE accounts ADD COLUMN bot_token_hash TEXT;
CREATE UNIQUE INDEX accounts_by_bot_token ON accounts (bot_token_hash);
ALTER TABLE seats ADD COLUMN bot_account INTEGER NOT NULL DEFAULT 0;
`,
  // 14: the account a chat message came from (null for a guest's, or once the account is deleted),
  // so that the history a connection gets leaves out whom its account blocks, whatever seat they
  // sat in and whoever holds it now (docs/protocol.md, "Blocks and reports").
  `ALTER TABLE chat ADD COLUMN account_id TEXT REFERENCES accounts (id) ON DELETE SET NULL;`,
  // 15: which seats of a game bot accounts held when it started (a JSON array of booleans, per
  // seat), so that a finished game and the histories that list it mark them as bots as the table
  // did; games from before are taken as having none ([]).
  `ALTER TABLE games ADD COLUMN bot_accounts TEXT NOT NULL DEFAULT '[]';`,
  // 16: seat 1's actions of a scored daily attempt (JSON), kept with its score, so that the
  // field's choices at each decision of a day are one read (docs/protocol.md, "The daily deal").
  `ALTER TABLE daily_attempts ADD COLUMN plays TEXT;`,
  // 17: ratings (docs/ratings.md): whether each game is rated and who was who as it started (JSON,
  // null when unrated), each account's current rating per pool (openskill's μ and σ, games played)
  // and its history (the rating after each rated game, and the one before it, by seat), both
  // written with the game's last action; they go with the account.
  `
ALTER TABLE games ADD COLUMN rated TEXT;
CREATE TABLE ratings (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  pool TEXT NOT NULL,
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  games INTEGER NOT NULL,
  PRIMARY KEY (account_id, pool)
);
CREATE INDEX ratings_by_pool ON ratings (pool, mu);
CREATE TABLE rating_history (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  pool TEXT NOT NULL,
  game_id TEXT NOT NULL REFERENCES games (id),
  seat INTEGER NOT NULL,
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  rating INTEGER NOT NULL,
  before_rating INTEGER,
  at INTEGER NOT NULL,
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
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  players INTEGER NOT NULL,
  mode TEXT NOT NULL,
  hands INTEGER NOT NULL,
  host TEXT NOT NULL,
  host_name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  closed_at INTEGER
);
CREATE TABLE duplicate_entries (
  event TEXT NOT NULL REFERENCES duplicate_events (code),
  player TEXT NOT NULL,
  seat INTEGER NOT NULL,
  account_id TEXT REFERENCES accounts (id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  table_code TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  scores TEXT,
  finished_at INTEGER,
  PRIMARY KEY (event, player, seat)
);
`,
];
