/**
 * Reading a record: JSON text to a GameRecord whose fields have the right shapes.
 * Whether the deals, passes and plays obey the rules is the replay's job (replay.ts),
 * which knows the round and position of each; errors here name the field.
 */
import { type Result, resolveOptions } from '../engine/index.js';
import { jsonProblem } from './json-syntax.js';
import { type GameRecord, RECORD_FORMAT } from './types.js';

/** A record problem: one line a person can act on, naming where it is. */
export type RecordResult<T> = Result<T, string>;

export function parseRecord(text: string): RecordResult<GameRecord> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    // Our own words, never V8's, whose wording changes with the Node version (json-syntax.ts).
    const broken = jsonProblem(text);
    if (!broken) throw e;
    return fail(`record: not valid JSON at line ${broken.line}, column ${broken.column}: ${broken.problem}`);
  }
  return checkRecord(data);
}

/** Check the shape of an already parsed record. */
export function checkRecord(data: unknown): RecordResult<GameRecord> {
  if (!isObject(data)) return fail('record: must be a JSON object');
  if (data.format !== RECORD_FORMAT) return fail(`record: format must be "${RECORD_FORMAT}"`);
  const options = data.options;
  if (!isObject(options)) return fail('options: must be an object');
  const hasRounds = options.rounds !== undefined;
  const hasTarget = options.targetScore !== undefined;
  if (hasRounds === hasTarget) return fail('options: give exactly one of rounds and targetScore');
  const resolved = resolveOptions(options as never);
  if (!resolved.ok) return fail(`options: ${lowerFirst(resolved.error.message)}`);
  const n = resolved.value.players;
  const players = data.players;
  if (!Array.isArray(players) || players.length !== n || !players.every((p) => typeof p === 'string')) {
    return fail(`players: must list ${n} display names, one per seat`);
  }
  if (!Array.isArray(data.rounds)) return fail('rounds: must be an array');
  for (let i = 0; i < data.rounds.length; i++) {
    const problem = roundShapeProblem(data.rounds[i], n);
    if (problem) return fail(`round ${i + 1}, ${problem}`);
  }
  return { ok: true, value: data as unknown as GameRecord };
}

function roundShapeProblem(round: unknown, n: number): string | null {
  if (!isObject(round)) return 'deal: the round must be an object';
  if (typeof round.dealer !== 'number') return 'deal: dealer must be a seat number';
  if (!isListOfRankLists(round.hands)) return 'deal: hands must be an array of hands, each an array of ranks';
  if (round.faceUp !== undefined && !isListOfRankLists(round.faceUp))
    return 'deal: faceUp must be an array of rows, each an array of ranks';
  if (round.passes !== undefined) {
    if (!Array.isArray(round.passes) || round.passes.length !== n) return `passes: must list ${n} passes, one per seat`;
    for (let s = 0; s < n; s++) if (!isObject(round.passes[s])) return `pass of seat ${s + 1}: must be an object`;
  }
  if (round.plays !== undefined) {
    if (!Array.isArray(round.plays)) return 'plays: must be an array of ranks';
    const bad = round.plays.findIndex((p) => typeof p !== 'number');
    if (bad >= 0) return `play ${bad + 1}: ${JSON.stringify(round.plays[bad])} is not a rank`;
    if (round.plays.length > 0 && round.passes === undefined) return 'play 1: cards are played before the passes';
  }
  return null;
}

function isListOfRankLists(x: unknown): boolean {
  return Array.isArray(x) && x.every((h) => Array.isArray(h));
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1).replace(/\.$/, '');
}

function fail(message: string): { ok: false; error: string } {
  return { ok: false, error: message };
}
