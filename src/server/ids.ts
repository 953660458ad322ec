/** Secrets and names the server hands out: table codes, seat tokens, game ids, seeds. */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Seed } from '../engine/index.js';

// No 0/O, 1/I/L: a code is read aloud and typed by people. 31^8 ≈ 8.5e11 codes.
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 8;

export function newTableCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A seat token: 256 random bits. Only its hash is stored. */
export function newSeatToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function newGameId(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * A game's seed: 256 bits from the operating system's randomness, as 64 hexadecimal digits,
 * for the engine's ChaCha20 deals. Its deals and its bots' choices are all anyone sees of it.
 */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

/**
 * A bot's (or a hint's) seed for one decision: the same game, step and seat always think
 * alike. It is a hash of the game's seed, so that what bots and hints show of it (their
 * choices, 32 bits at the most each) tells nothing of the seed and the deals.
 */
export function decisionSeed(gameSeed: Seed, seq: number, seat: number): number {
  return word(`${gameSeed}/${seq}/${seat}`);
}

/**
 * Where in its range a bot's thinking delay falls, in [0, 1): the same game, step and seat
 * always wait alike (a replay on virtual time is the same), and a hash of its own, so that
 * the wait tells nothing of the decision's seed either.
 */
export function thinkShare(gameSeed: Seed, seq: number, seat: number): number {
  return word(`${gameSeed}/${seq}/${seat}/think`) / 2 ** 32;
}

/** 32 bits of the text's SHA-256. */
function word(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}
