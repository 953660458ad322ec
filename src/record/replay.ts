/**
 * Replaying a record under the rules: every deal, pass and play goes through the
 * engine's checked Game API, so a record is valid exactly when the engine accepts it.
 * The first problem is reported with its round and position, counted from 1.
 */
import { Game } from '../engine/index.js';
import type { RecordResult } from './parse.js';
import type { GameRecord, ReplayReport, ReplayRound, ReplayTrick } from './types.js';

/**
 * The game a record describes, replayed to where the record stops, or to the position
 * after its first `actions` actions (passes and plays, over all rounds; each round is
 * dealt as soon as its first action is next, so 0 is the first round as dealt). The
 * record past that point is not checked.
 */
export function gameFromRecord(record: GameRecord, actions = Number.POSITIVE_INFINITY): RecordResult<Game> {
  const created = Game.awaitingDeals(record.options);
  if (!created.ok) return fail(`options: ${created.error.message}`);
  const game = created.value;
  let applied = 0;
  for (let i = 0; i < record.rounds.length; i++) {
    const where = `round ${i + 1}`;
    const round = record.rounds[i];
    if (game.phase === 'over') return fail(`${where}: the game was already over after round ${i}`);
    if (game.phase !== 'deal') return fail(`${where}: round ${i} is not complete, so no round may follow it`);
    const dealt = game.deal({ dealer: round.dealer, hands: round.hands, faceUp: round.faceUp });
    if (!dealt.ok) return fail(`${where}, deal: ${dealt.error.message}`);
    if (round.passes === undefined) continue;
    for (let seat = 0; seat < round.passes.length; seat++) {
      if (applied++ === actions) return { ok: true, value: game };
      const passed = game.apply({ type: 'pass', seat, pass: round.passes[seat] });
      // The engine's detail already names the seat ("seat 2 passed 37, …"): say it once.
      if (!passed.ok) return fail(`${where}, passes: ${passed.error.detail}`);
    }
    const plays = round.plays ?? [];
    for (let k = 0; k < plays.length; k++) {
      const roundOver = game.log.length !== i + 1 || game.toAct().length === 0;
      if (roundOver) return fail(`${where}, play ${k + 1}: the round is over after ${k} plays`);
      if (applied++ === actions) return { ok: true, value: game };
      const played = game.apply({ type: 'play', seat: game.toAct()[0], card: plays[k] });
      if (!played.ok) return fail(`${where}, play ${k + 1}: ${played.error.detail}`);
    }
  }
  return { ok: true, value: game };
}

/** How many actions (passes and plays) a record holds. */
export function actionCount(record: GameRecord): number {
  return record.rounds.reduce((sum, r) => sum + (r.passes?.length ?? 0) + (r.plays?.length ?? 0), 0);
}

/** Replay a record and report it as RECORD.md's `replay --json` output. */
export function replayRecord(record: GameRecord): RecordResult<ReplayReport> {
  const replayed = gameFromRecord(record);
  if (!replayed.ok) return replayed;
  return { ok: true, value: reportOf(replayed.value) };
}

/** The replay report of a game as it stands. */
export function reportOf(game: Game): ReplayReport {
  const rounds: ReplayRound[] = game.log.map((log, i) => {
    const isCurrent = i === game.log.length - 1;
    const tricks: ReplayTrick[] = log.tricks.map((t) => ({
      leader: t.leader,
      cards: t.cards.map((c) => c.card),
      winner: t.winner,
      bottle: t.bottle,
      price: t.price,
    }));
    const inProgress = isCurrent && game.phase === 'play' ? game.currentTrick() : null;
    if (inProgress && inProgress.cards.length > 0)
      tricks.push({
        leader: inProgress.leader,
        cards: inProgress.cards.map((c) => c.card),
        winner: null,
        bottle: null,
        price: null,
      });
    const result = log.result;
    const teams = log.teams;
    if (result) {
      return {
        dealer: log.dealer,
        teams,
        tricks,
        bottles: result.bottles,
        devil: result.devil,
        devilPoints: result.devilPoints,
        scores: result.scores,
        complete: true,
      };
    }
    return { dealer: log.dealer, teams, tricks, bottles: game.bottles(), complete: false };
  });
  const finished = game.phase === 'over';
  return { rounds, totals: [...game.totals], finished, winners: finished ? [...(game.winners ?? [])] : [] };
}

function fail(message: string): { ok: false; error: string } {
  return { ok: false, error: message };
}
