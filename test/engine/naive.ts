/**
 * A deliberately naive second implementation of a round of The Bottle Imp, written
 * straight from RULES.md for the perft test: plain arrays of ranks, a fresh copy of the
 * table at every play, no bitmasks and nothing imported from the engine. It is slow on
 * purpose; its only job is to disagree with the engine when one of them is wrong.
 */

type Suit = 'red' | 'blue' | 'green';

// RULES.md §1, copied as written there: rank(points).
const CARD_TABLE: Record<Suit, string> = {
  red: '1(1) 2(1) 2.5(1) 4(2) 4.5(2) 5(2) 7(3) 9(3) 12(4) 12.5(4) 15(4) 18(5) 18.5(5) 22(5) 22.5(5) 25(6) 28(6) 28.5(6)',
  blue: '3(1) 6(1) 6.5(1) 8(2) 8.5(2) 10(2) 10.5(2) 13(3) 17(4) 20(4) 20.5(4) 23(4) 27(5) 30(5) 30.5(5) 32(6) 32.5(6) 35(6)',
  green:
    '11(1) 14(1) 14.5(1) 16(2) 16.5(2) 21(2) 24(3) 24.5(3) 26(3) 26.5(3) 29(4) 31(4) 33(5) 34(5) 34.5(5) 36(6) 36.5(6) 37(6)',
};

const SUIT_OF = new Map<number, Suit>();
const POINTS_OF = new Map<number, number>();
for (const suit of Object.keys(CARD_TABLE) as Suit[]) {
  for (const entry of CARD_TABLE[suit].split(' ')) {
    const [, rank, points] = /^([\d.]+)\((\d)\)$/.exec(entry)!;
    SUIT_OF.set(Number(rank), suit);
    POINTS_OF.set(Number(rank), Number(points));
  }
}

// RULES.md §4: teams in seat order from the round's first player.
const TEAM_PATTERNS: Record<string, string[]> = {
  '2-1-1': ['A', 'B', 'A', 'C'],
  '2-2-1': ['A', 'B', 'C', 'A', 'B'],
  '2-2-2': ['A', 'B', 'C', 'A', 'B', 'C'],
  '2-2-1-1': ['A', 'B', 'C', 'A', 'B', 'D'],
};

/** A round as data: the deal, the passes and the cards played so far. */
export interface Position {
  readonly name: string;
  readonly players: number;
  readonly mode: string;
  readonly dealer: number;
  readonly hands: readonly (readonly number[])[];
  readonly faceUp?: readonly (readonly number[])[];
  readonly passes: readonly Record<string, number | readonly number[]>[];
  readonly plays: readonly number[];
}

interface Table {
  players: number;
  teams: string[] | null;
  hands: number[][];
  rows: number[][];
  devil: number[];
  bottles: { owner: number | null; price: number }[];
  leader: number;
  trick: { seat: number; card: number }[];
  won: number[][];
}

const take = (cards: number[], card: number): void => {
  const i = cards.indexOf(card);
  if (i < 0) throw new Error(`naive: ${card} is not there`);
  cards.splice(i, 1);
};

/** Deal, pass and play the position's cards, checking each play as a careful player would. */
export function setUp(position: Position): Table {
  const n = position.players;
  const firstPlayer = (position.dealer + 1) % n;
  const pattern = TEAM_PATTERNS[position.mode];
  const table: Table = {
    players: n,
    teams: pattern ? Array.from({ length: n }, (_, s) => pattern[(s - firstPlayer + n) % n]) : null,
    hands: position.hands.map((h) => [...h]),
    rows: position.faceUp ? position.faceUp.map((r) => [...r]) : position.hands.map(() => []),
    devil: [],
    // Two bottles with 5 and 6 players in individual mode, else one; all start at 19.
    bottles:
      n >= 5 && position.mode === 'individual'
        ? [
            { owner: null, price: 19 },
            { owner: null, price: 19 },
          ]
        : [{ owner: null, price: 19 }],
    leader: firstPlayer,
    trick: [],
    won: position.hands.map(() => []),
  };
  // Everyone chooses first; then all passed cards arrive together.
  const arriving: { seat: number; card: number; row: boolean }[] = [];
  position.passes.forEach((pass, s) => {
    const devil = pass.devil as number[];
    if (n === 2) {
      arriving.push(
        { seat: 1 - s, card: pass.faceUp as number, row: true },
        { seat: 1 - s, card: pass.hidden as number, row: false },
      );
      for (const c of [pass.faceUp as number, pass.hidden as number, ...devil]) take(table.hands[s], c);
    } else {
      arriving.push(
        { seat: (s + 1) % n, card: pass.left as number, row: false },
        { seat: (s + n - 1) % n, card: pass.right as number, row: false },
      );
      for (const c of [pass.left as number, pass.right as number, ...devil]) take(table.hands[s], c);
    }
    table.devil.push(...devil);
  });
  for (const a of arriving) (a.row ? table.rows : table.hands)[a.seat].push(a.card);
  let t = table;
  for (const card of position.plays) {
    if (!legalCards(t).includes(card)) throw new Error(`naive: ${card} is not legal`);
    t = play(t, card);
  }
  return t;
}

/** Whose turn it is: clockwise from the leader; with 2 players leader, opponent, leader, opponent. */
export function toPlay(t: Table): number {
  if (t.players === 2) return t.trick.length % 2 === 0 ? t.leader : 1 - t.leader;
  return (t.leader + t.trick.length) % t.players;
}

/** The led suit if the seat has it (hidden hand and face-up row together), else anything. */
export function legalCards(t: Table): number[] {
  const seat = toPlay(t);
  const cards = [...t.hands[seat], ...t.rows[seat]];
  if (t.trick.length === 0) return cards;
  const led = SUIT_OF.get(t.trick[0].card);
  const following = cards.filter((c) => SUIT_OF.get(c) === led);
  return following.length > 0 ? following : cards;
}

export function isOver(t: Table): boolean {
  return t.hands.every((h) => h.length === 0) && t.rows.every((r) => r.length === 0);
}

/** A new table with the card played by the seat whose turn it is. */
export function play(before: Table, card: number): Table {
  const t: Table = {
    ...before,
    hands: before.hands.map((h) => [...h]),
    rows: before.rows.map((r) => [...r]),
    bottles: before.bottles.map((b) => ({ ...b })),
    trick: [...before.trick],
    won: before.won.map((w) => [...w]),
  };
  const seat = toPlay(t);
  if (t.hands[seat].includes(card)) take(t.hands[seat], card);
  else take(t.rows[seat], card);
  t.trick.push({ seat, card });
  const trickSize = t.players === 2 ? 4 : t.players;
  if (t.trick.length < trickSize) return t;

  // The bottle in play: the higher price; on equal prices, bottle 1.
  const inPlay = t.bottles.length === 2 && t.bottles[1].price > t.bottles[0].price ? 1 : 0;
  const price = t.bottles[inPlay].price;
  const below = t.trick.filter((p) => p.card < price);
  const highest = (cards: { seat: number; card: number }[]) => cards.reduce((a, b) => (b.card > a.card ? b : a));
  const winning = below.length > 0 ? highest(below) : highest(t.trick);
  if (below.length > 0) t.bottles[inPlay] = { owner: winning.seat, price: winning.card };
  t.won[winning.seat].push(...t.trick.map((p) => p.card));
  t.leader = winning.seat;
  t.trick = [];
  return t;
}

/** RULES.md §3.5 and §4: what each seat is credited for the finished round. */
export function scores(t: Table): number[] {
  const sum = (cards: number[]) => cards.reduce((a, c) => a + POINTS_OF.get(c)!, 0);
  const devilPoints = sum(t.devil);
  const own = t.won.map((pile, s) => {
    const bottles = t.bottles.filter((b) => b.owner === s).length;
    return bottles > 0 ? -bottles * devilPoints : sum(pile);
  });
  if (!t.teams) return own;
  const teams = t.teams;
  return teams.map((team) => own.reduce((a, score, s) => a + (teams[s] === team ? score : 0), 0));
}

/** Every way to play the round out: how many sequences, and how many end in each score table. */
export function perft(t: Table, outcomes = new Map<string, number>()): Map<string, number> {
  if (isOver(t)) {
    const key = scores(t).join(' ');
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    return outcomes;
  }
  for (const card of legalCards(t)) perft(play(t, card), outcomes);
  return outcomes;
}
