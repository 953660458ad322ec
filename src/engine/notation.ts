/**
 * The position notation: one line of text that states a game in progress, as FEN does
 * for chess, for tests and bug reports (docs/engine.md gives the grammar). It holds every
 * card, hidden ones included, so it is never sent to a player.
 *
 *   bi1 4/individual/r8 2 3 21,-13,40,55 HANDS PASSES TRICKS BOTTLES TO-ACT
 *
 * Printing reads a Game; parsing rebuilds one: the round's deal is worked back from the
 * hands as they stand, the passes and the tricks, and then dealt, passed and played
 * through the checked Game API, so a position parses exactly when the rules can reach it.
 */
import { cardId, RANK, type Rank } from './cards.js';
import { cardIds } from './cardset.js';
import { coreOf, type Game, isSeat, receivedCards, resolveOptions, resumedGame } from './game.js';
import { firstTwoOf } from './pass-slots.js';
import { err, ok, type Result } from './result.js';
import { RoundCore } from './round.js';
import { bottleCount, dealtHandSize, setupFor } from './setup.js';
import type { PassChoice, PlayedCard, ResolvedOptions, TwoPlayerPass } from './types.js';

const TAG = 'bi1';
const FIELDS = ['tag', 'options', 'round', 'dealer', 'totals', 'hands', 'passes', 'tricks', 'bottles', 'to act'];

/** The position of a game that has dealt a round (a game waiting for its first deal has none). */
export function printPosition(game: Game): string {
  const log = game.log[game.log.length - 1];
  if (!log) throw new RangeError('a game waiting for its first deal has no position');
  const n = game.players;
  const r = coreOf(game);
  const o = game.options;
  const seats = Array.from({ length: n }, (_, s) => s);
  const earned = log.result?.scores;
  const totals = game.totals.map((t, s) => t - (earned ? earned[s] : 0));
  const ranks = (lo: number, hi: number) => cardIds(lo, hi).map((id) => RANK[id]);
  const hands = seats.map((s) => {
    const hand = list(ranks(r.handLo[s], r.handHi[s]));
    return n === 2 ? `${hand}+${list(ranks(r.upLo[s], r.upHi[s]))}` : hand;
  });
  const passes = log.passes.map((p) => (p ? list([...firstTwoOf(n, p), ...p.devil]) : '-'));
  // With 2 players a card is marked + when it came from the face-up row: dealt there, or
  // passed there by the opponent.
  const fromRow = (c: PlayedCard) =>
    log.faceUp !== null &&
    (log.faceUp[c.seat].includes(c.card) || (log.passes[1 - c.seat] as TwoPlayerPass | null)?.faceUp === c.card);
  const tricks = [...log.tricks.map((t) => t.cards), game.currentTrick().cards]
    .filter((cards) => cards.length > 0)
    .map((cards) => cards.map((c) => (fromRow(c) ? `+${c.card}` : String(c.card))).join(','));
  const bottles = game.bottles().map((b) => `${b.price}@${b.owner === null ? '-' : b.owner + 1}`);
  return [
    TAG,
    `${n}/${o.mode}/${o.rounds !== undefined ? `r${o.rounds}` : `t${o.targetScore}`}`,
    String(game.roundIndex + 1),
    String(r.dealer + 1),
    totals.join(','),
    hands.join('/'),
    passes.join('/'),
    tricks.length > 0 ? tricks.join('/') : '-',
    bottles.join(','),
    list(game.toAct().map((s) => s + 1)),
  ].join(' ');
}

/** The game at a position: it plays on from there as the game it was printed from. */
export function parsePosition(text: string): Result<Game> {
  const fields = typeof text === 'string' ? text.trim().split(/ +/) : [];
  if (fields.length !== FIELDS.length)
    return notation(`a position has ${FIELDS.length} fields separated by spaces, not ${fields.length}`);
  if (fields[0] !== TAG) return notation(`a position starts with "${TAG}", not "${fields[0]}"`);
  const read = readFields(fields);
  if (!read.ok) return read;
  return rebuild(read.value);
}

interface Written {
  readonly options: ResolvedOptions;
  readonly round: number;
  readonly dealer: number;
  readonly totals: number[];
  readonly hands: Rank[][];
  /** 2 players: each seat's face-up row; otherwise empty rows. */
  readonly rows: Rank[][];
  readonly passes: (Rank[] | null)[];
  /** Every card played, in order, and whether it came from the face-up row. */
  readonly plays: { card: Rank; fromRow: boolean }[];
  readonly bottles: string;
  readonly toAct: string;
}

function readFields(f: string[]): Result<Written> {
  const [players, mode, length, ...more] = f[1].split('/');
  const lengthMatch = /^([rt])(\d+)$/.exec(length ?? '');
  if (more.length > 0 || !lengthMatch || !/^\d$/.test(players))
    return field(1, `"${f[1]}" is not PLAYERS/MODE/rROUNDS or PLAYERS/MODE/tTARGET`);
  const resolved = resolveOptions({
    players: Number(players) as ResolvedOptions['players'],
    mode: mode as ResolvedOptions['mode'],
    [lengthMatch[1] === 'r' ? 'rounds' : 'targetScore']: Number(lengthMatch[2]),
  });
  if (!resolved.ok) return field(1, resolved.error.message);
  const options = resolved.value;
  const n = options.players;
  const round = whole(f[2]);
  if (round === null || round < 1) return field(2, `"${f[2]}" is not a round number counted from 1`);
  const dealer = whole(f[3]);
  if (dealer === null || !isSeat(dealer - 1, n)) return field(3, `"${f[3]}" is not a seat from 1 to ${n}`);
  const totals = f[4].split(',').map((t) => (/^-?\d+$/.test(t) ? Number(t) : null));
  if (totals.length !== n || totals.some((t) => t === null))
    return field(4, `"${f[4]}" is not ${n} whole numbers separated by commas`);

  const perSeat = (i: number): Result<string[]> => {
    const parts = f[i].split('/');
    return parts.length === n ? ok(parts) : field(i, `it lists ${parts.length} seats, not ${n}, separated by /`);
  };
  const handParts = perSeat(5);
  if (!handParts.ok) return handParts;
  const hands: Rank[][] = [];
  const rows: Rank[][] = [];
  for (let s = 0; s < n; s++) {
    const [hand, row, ...rest] = handParts.value[s].split('+');
    if (rest.length > 0 || (n === 2) !== (row !== undefined))
      return field(5, `seat ${s + 1}: ${n === 2 ? 'write HAND+FACE-UP ROW' : 'only 2 players have a face-up row (+)'}`);
    const cards = cardList(hand, 5, `seat ${s + 1}`);
    if (!cards.ok) return cards;
    const up = cardList(row ?? '-', 5, `seat ${s + 1}’s face-up row`);
    if (!up.ok) return up;
    hands.push(cards.value);
    rows.push(up.value);
  }
  const passParts = perSeat(6);
  if (!passParts.ok) return passParts;
  const passes: (Rank[] | null)[] = [];
  for (let s = 0; s < n; s++) {
    const part = passParts.value[s];
    const cards = cardList(part, 6, `seat ${s + 1}`);
    if (!cards.ok) return cards;
    passes.push(part === '-' ? null : cards.value);
  }
  const setup = setupFor(n);
  const tricks = f[7] === '-' ? [] : f[7].split('/');
  if (tricks.length > setup.tricks) return field(7, `a round has ${setup.tricks} tricks, not ${tricks.length}`);
  const plays: Written['plays'] = [];
  for (let t = 0; t < tricks.length; t++) {
    const cards = tricks[t].split(',');
    const size = cards.length;
    if (size > setup.trickSize || (t < tricks.length - 1 && size < setup.trickSize))
      return field(
        7,
        `trick ${t + 1} has ${size} cards: a trick has ${setup.trickSize}, and only the last may have fewer`,
      );
    for (const c of cards) {
      const fromRow = c.startsWith('+');
      if (fromRow && n !== 2)
        return field(7, `trick ${t + 1}: only 2 players play from a face-up row (+${c.slice(1)})`);
      const rank = cardOf(fromRow ? c.slice(1) : c);
      if (rank === null) return field(7, `trick ${t + 1}: "${c}" is not a card`);
      plays.push({ card: rank, fromRow });
    }
  }
  if (!/^\d+(\.5)?@(\d|-)(,\d+(\.5)?@(\d|-))*$/.test(f[8]) || f[8].split(',').length !== bottleCount(n, options.mode))
    return field(8, `"${f[8]}" is not ${bottleCount(n, options.mode)} bottle(s) written PRICE@OWNER (- for nobody)`);
  if (!/^(-|\d(,\d)*)$/.test(f[9])) return field(9, `"${f[9]}" is not seats separated by commas, or -`);
  return ok({
    options,
    round,
    dealer: dealer - 1,
    totals: totals as number[],
    hands,
    rows,
    passes,
    plays,
    bottles: f[8],
    toAct: f[9],
  });
}

/** Work the deal back from the position, then deal, pass and play it through the checked API. */
function rebuild(w: Written): Result<Game> {
  const { options, hands, rows, passes, plays } = w;
  const n = options.players;
  const o = options;
  if (o.rounds !== undefined && w.round > o.rounds)
    return impossible(`round ${w.round} is past the game’s ${o.rounds} rounds`);
  if (o.targetScore !== undefined && w.totals.some((t) => t >= o.targetScore))
    return impossible(`a total had reached the target of ${o.targetScore}, so the game ended before round ${w.round}`);
  const passed = passes.every((p) => p !== null);
  if (plays.length > 0 && !passed) return impossible('cards were played before every seat had passed');

  // Who played each card follows from the cards alone: play them on a scratch round.
  const scratch = new RoundCore(n, o.mode, w.dealer);
  const dealt = hands.map((h) => [...h]);
  const dealtRows = rows.map((h) => [...h]);
  for (const p of plays) {
    (p.fromRow ? dealtRows : dealt)[scratch.turn].push(p.card);
    scratch.play(cardId(p.card));
  }
  for (let s = 0; s < n; s++) dealt[s].push(...(passes[s] ?? []));
  if (passed) {
    const asPass = passes.map((p) => (p ? choiceOf(n, p) : null));
    for (let s = 0; s < n; s++)
      for (const got of receivedCards(asPass, s)) {
        const into = got.into === 'faceUp' ? dealtRows[s] : dealt[s];
        const at = into.indexOf(got.card);
        if (at < 0)
          return impossible(
            `seat ${s + 1} received ${got.card} from seat ${got.from + 1} but neither holds nor played it${got.into === 'faceUp' ? ' from its face-up row' : ''}`,
          );
        into.splice(at, 1);
      }
  }
  const setup = setupFor(n);
  for (let s = 0; s < n; s++) {
    const want = dealtHandSize(setup, s, w.dealer);
    if (dealt[s].length !== want)
      return impossible(
        `seat ${s + 1}’s hidden cards (held, passed, played, less those received) are ${dealt[s].length}, not the ${want} dealt`,
      );
    if (dealtRows[s].length !== setup.faceUpSize)
      return impossible(`seat ${s + 1}’s face-up row adds up to ${dealtRows[s].length} cards, not ${setup.faceUpSize}`);
  }

  const game = resumedGame(options, w.round - 1, w.totals);
  const byRank = (cards: Rank[]) => cards.sort((a, b) => a - b);
  const deal = game.deal({
    dealer: w.dealer,
    hands: dealt.map(byRank),
    faceUp: n === 2 ? dealtRows.map(byRank) : undefined,
  });
  if (!deal.ok) return impossible(`the cards are not one deck: ${deal.error.message}`);
  for (let s = 0; s < n; s++) {
    const pass = passes[s];
    if (pass === null) continue;
    const done = game.apply({ type: 'pass', seat: s, pass: choiceOf(n, pass) });
    if (!done.ok) return impossible(`passes: ${done.error.detail}`);
  }
  for (let k = 0; k < plays.length; k++) {
    const where = `trick ${Math.floor(k / setup.trickSize) + 1}, card ${(k % setup.trickSize) + 1}`;
    const done = game.apply({ type: 'play', seat: game.toAct()[0] ?? 0, card: plays[k].card });
    if (!done.ok) return impossible(`${where}: ${done.error.detail}`);
  }
  // The bottles and who is to act follow from the rest: they must say what the rest says.
  const printed = printPosition(game).split(' ');
  if (printed[8] !== w.bottles) return impossible(`the bottles are ${printed[8]}, not ${w.bottles}`);
  if (printed[9] !== w.toAct) return impossible(`the seats to act are ${printed[9]}, not ${w.toAct}`);
  return ok(game);
}

/** A pass written in slot order (first, second, devil's cards) as a PassChoice. */
function choiceOf(players: number, cards: readonly Rank[]): PassChoice {
  const [first, second, ...devil] = cards;
  return players === 2 ? { faceUp: first, hidden: second, devil } : { left: first, right: second, devil };
}

function list(items: readonly (number | string)[]): string {
  return items.length > 0 ? items.join(',') : '-';
}

function cardList(text: string, index: number, what: string): Result<Rank[]> {
  if (text === '-') return ok([]);
  const cards: Rank[] = [];
  for (const c of text.split(',')) {
    const rank = cardOf(c);
    if (rank === null) return field(index, `${what}: "${c}" is not a card`);
    if (cards.includes(rank)) return field(index, `${what}: ${c} is written twice`);
    cards.push(rank);
  }
  return ok(cards);
}

function cardOf(text: string): Rank | null {
  if (!/^\d+(\.5)?$/.test(text)) return null;
  const rank = Number(text);
  return cardId(rank) >= 0 ? rank : null;
}

function whole(text: string): number | null {
  return /^\d+$/.test(text) ? Number(text) : null;
}

function notation(message: string) {
  return err('ERR_BAD_NOTATION', `Not a position: ${message}.`);
}

function field(index: number, message: string) {
  return notation(`${FIELDS[index]} (field ${index + 1}): ${message}`);
}

function impossible(message: string) {
  return err('ERR_BAD_POSITION', `Not a position the rules reach: ${message}.`);
}
