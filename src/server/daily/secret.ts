/**
 * The server's daily secret, under which each day's deal seed is made (src/daily/deal.ts).
 * DAILY_SECRET from the environment when set (every node of a cluster gets the same one);
 * else, on SQLite, the file `daily-secret` in the data folder, and on PostgreSQL a row of
 * the database that every node reads: made with 256 random bits on the first start and
 * read on every start after, so that the days already played keep their cards. The file
 * is readable by its owner only: whoever reads the secret knows every day's cards in advance.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { secretProblem } from '../../daily/index.js';
import type { Config } from '../config.js';
import { StartupError } from '../startup.js';
import type { DailyStore } from '../store/store.js';

export const SECRET_FILE = 'daily-secret';

/** The secret kept in the data folder, made there first if there is none yet. */
export function secretInFolder(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': made only if absent, so two processes starting at once cannot each write their own.
    fs.writeFileSync(file, `${newSecret()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  const problem = secretProblem(secret);
  if (problem) throw new StartupError(`${file}: ${problem}`);
  return secret;
}

/** The server's secret: DAILY_SECRET, else the data folder's (SQLite) or the database's (PostgreSQL). */
export async function dailySecretOf(
  config: Pick<Config, 'dailySecret' | 'databaseUrl' | 'dataDir'>,
  store: Pick<DailyStore, 'keepDailySecret'>,
): Promise<string> {
  if (config.dailySecret !== null) return config.dailySecret;
  if (config.databaseUrl === null) return secretInFolder(config.dataDir);
  return store.keepDailySecret(newSecret());
}

/** 256 random bits as 64 hexadecimal digits. */
function newSecret(): string {
  return randomBytes(32).toString('hex');
}
