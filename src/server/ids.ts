/** Secrets and names the server hands out: table codes, seat tokens, game ids, seeds. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

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

export function newSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}

/** A bot's seed for one decision: the same game, step and seat always think alike. */
export function decisionSeed(gameSeed: number, seq: number, seat: number): number {
  return (Math.imul(gameSeed ^ 0x9e3779b9, 31) + Math.imul(seq + 1, 0x85ebca6b) + seat * 0x27d4eb2f) >>> 0;
}
