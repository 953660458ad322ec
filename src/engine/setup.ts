/**
 * What changes with the number of players and the mode (RULES.md §3.1, §3.4, §4, §5).
 * Every other module asks this one; no player-count table lives anywhere else.
 */

export type PlayerCount = 2 | 3 | 4 | 5 | 6;

export interface Setup {
  readonly players: PlayerCount;
  /** The extended deck (with the half ranks) is used by 5 and 6 players. */
  readonly extended: boolean;
  /** Hidden cards dealt to a seat that is not the dealer. */
  readonly handSize: number;
  /** Hidden cards dealt to the dealer (one fewer with 5 players). */
  readonly dealerHandSize: number;
  /** Face-up cards dealt to each seat (2 players only). */
  readonly faceUpSize: number;
  readonly devilSize: number;
  readonly tricks: number;
  readonly trickSize: number;
  /** Rounds in a game when the options name no length (Board Game Arena's defaults). */
  readonly defaultRounds: number;
}

const SETUPS: Record<PlayerCount, Setup> = {
  2: {
    players: 2,
    extended: false,
    handSize: 12,
    dealerHandSize: 12,
    faceUpSize: 6,
    devilSize: 4,
    tricks: 8,
    trickSize: 4,
    defaultRounds: 6,
  },
  3: {
    players: 3,
    extended: false,
    handSize: 12,
    dealerHandSize: 12,
    faceUpSize: 0,
    devilSize: 3,
    tricks: 11,
    trickSize: 3,
    defaultRounds: 9,
  },
  4: {
    players: 4,
    extended: false,
    handSize: 9,
    dealerHandSize: 9,
    faceUpSize: 0,
    devilSize: 4,
    tricks: 8,
    trickSize: 4,
    defaultRounds: 8,
  },
  5: {
    players: 5,
    extended: true,
    handSize: 11,
    dealerHandSize: 10,
    faceUpSize: 0,
    devilSize: 4,
    tricks: 10,
    trickSize: 5,
    defaultRounds: 5,
  },
  6: {
    players: 6,
    extended: true,
    handSize: 9,
    dealerHandSize: 9,
    faceUpSize: 0,
    devilSize: 6,
    tricks: 8,
    trickSize: 6,
    defaultRounds: 6,
  },
};

export function isPlayerCount(n: unknown): n is PlayerCount {
  return n === 2 || n === 3 || n === 4 || n === 5 || n === 6;
}

export function setupFor(players: PlayerCount): Setup {
  return SETUPS[players];
}

/** Hidden cards dealt to a seat. */
export function dealtHandSize(setup: Setup, seat: number, dealer: number): number {
  return seat === dealer ? setup.dealerHandSize : setup.handSize;
}

/** Cards a seat puts in the devil's trick: the 5-player dealer passes only left and right. */
export function devilCardsOf(setup: Setup, seat: number, dealer: number): number {
  if (setup.players === 2) return 2;
  if (setup.players === 5 && seat === dealer) return 0;
  return 1;
}

export const MODES = ['individual', '2-1-1', '2-2-1', '2-2-2', '2-2-1-1'] as const;
export type Mode = (typeof MODES)[number];
export type TeamLetter = 'A' | 'B' | 'C' | 'D';

/** Teams in seat order starting from the round's first player (RULES.md §4). */
const TEAM_PATTERNS: Record<Exclude<Mode, 'individual'>, { players: PlayerCount; pattern: TeamLetter[] }> = {
  '2-1-1': { players: 4, pattern: ['A', 'B', 'A', 'C'] },
  '2-2-1': { players: 5, pattern: ['A', 'B', 'C', 'A', 'B'] },
  '2-2-2': { players: 6, pattern: ['A', 'B', 'C', 'A', 'B', 'C'] },
  '2-2-1-1': { players: 6, pattern: ['A', 'B', 'C', 'A', 'B', 'D'] },
};

export function isMode(m: unknown): m is Mode {
  return typeof m === 'string' && (MODES as readonly string[]).includes(m);
}

export function modeFits(mode: Mode, players: PlayerCount): boolean {
  return mode === 'individual' || TEAM_PATTERNS[mode].players === players;
}

/** The modes offered for a player count, individual first. */
export function modesFor(players: PlayerCount): Mode[] {
  return MODES.filter((m) => modeFits(m, players));
}

/** Each seat's team letter this round, or null in individual mode. */
export function teamsFor(mode: Mode, players: number, firstPlayer: number): TeamLetter[] | null {
  if (mode === 'individual') return null;
  const { pattern } = TEAM_PATTERNS[mode];
  const teams = new Array<TeamLetter>(players);
  for (let i = 0; i < players; i++) teams[(firstPlayer + i) % players] = pattern[i];
  return teams;
}

/** Two bottles with 5 and 6 players in individual mode; team modes play with one. */
export function bottleCount(players: PlayerCount, mode: Mode): 1 | 2 {
  return players >= 5 && mode === 'individual' ? 2 : 1;
}

/** The seat left of a seat (next clockwise), and right of it (previous). */
export function leftOf(seat: number, players: number): number {
  return (seat + 1) % players;
}
export function rightOf(seat: number, players: number): number {
  return (seat + players - 1) % players;
}
