/**
 * The bots' fixed ratings (docs/ratings.md, "Anchors"): one per level and pool, measured by
 * `npm run bench:ratings` and written to anchors.json, which the server reads once. A bot
 * in a rated game counts with its level's rating and is never updated, so that the scale
 * stays tied to something that does not drift.
 */
import fs from 'node:fs';
import type { Rating } from 'openskill';
import { type BotLevel, LEVELS, RATING_POOLS } from '../../values/index.js';
import type { Pool } from './pool.js';
import { displayed, START_MU, START_SIGMA } from './scale.js';

/** anchors.json: per pool, per level, μ and σ; how they were measured beside them. */
export interface AnchorFile {
  readonly measured: string;
  readonly pools: Readonly<Record<Pool, Readonly<Record<BotLevel, Rating>>>>;
}

// src/server/ratings or dist/server/ratings: three levels up is the repository either way.
export const ANCHORS_FILE = new URL('../../../src/server/ratings/anchors.json', import.meta.url);

let anchors: AnchorFile | null = null;

/** The anchors' file, read and checked once. */
export function anchorFile(): AnchorFile {
  if (!anchors) {
    const file = JSON.parse(fs.readFileSync(ANCHORS_FILE, 'utf8')) as AnchorFile;
    for (const pool of RATING_POOLS)
      for (const level of LEVELS) {
        const r = file.pools?.[pool]?.[level];
        if (!r || !Number.isFinite(r.mu) || !(r.sigma > 0))
          throw new Error(`${ANCHORS_FILE.pathname}: no rating for ${level} bots in pool ${pool}`);
      }
    anchors = file;
  }
  return anchors;
}

/** A level's fixed rating in a pool. */
export function anchorRating(pool: Pool, level: BotLevel): Rating {
  return anchorFile().pools[pool][level];
}

/** Every level's fixed rating as shown, per pool: what Play now seats beside rated people. */
export function anchorFigures(): Readonly<Record<Pool, Readonly<Record<BotLevel, number>>>> {
  const file = anchorFile();
  return Object.fromEntries(
    RATING_POOLS.map((pool) => [
      pool,
      Object.fromEntries(LEVELS.map((level) => [level, displayed(file.pools[pool][level])])),
    ]),
  ) as Record<Pool, Record<BotLevel, number>>;
}

/** A newcomer's rating: what a person never rated in the pool, and a guest, counts with. */
export const NEWCOMER: Rating = { mu: START_MU, sigma: START_SIGMA };
