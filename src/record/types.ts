/** The `bottle-imp/1` game record (RECORD.md): options, names, deals and every choice. */
import type { Mode, PassChoice, PlayerCount, Rank, TeamLetter } from '../engine/index.js';

export const RECORD_FORMAT = 'bottle-imp/1';

export interface RecordOptions {
  readonly players: PlayerCount;
  readonly mode?: Mode;
  readonly rounds?: number;
  readonly targetScore?: number;
}

export interface RecordRound {
  readonly dealer: number;
  readonly hands: readonly (readonly Rank[])[];
  readonly faceUp?: readonly (readonly Rank[])[];
  readonly passes?: readonly PassChoice[];
  readonly plays?: readonly Rank[];
}

export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly options: RecordOptions;
  readonly players: readonly string[];
  readonly rounds: readonly RecordRound[];
}

/** What `bottle-imp replay --json` prints (RECORD.md, "Replaying"). */
export interface ReplayReport {
  readonly rounds: readonly ReplayRound[];
  readonly totals: readonly number[];
  readonly finished: boolean;
  readonly winners: readonly number[];
}

export interface ReplayTrick {
  readonly leader: number;
  readonly cards: readonly Rank[];
  readonly winner: number | null;
  readonly bottle: 1 | 2 | null;
  readonly price: Rank | null;
}

export interface ReplayRound {
  readonly dealer: number;
  readonly teams: readonly TeamLetter[] | null;
  readonly tricks: readonly ReplayTrick[];
  readonly bottles: readonly { readonly owner: number | null; readonly price: Rank }[];
  readonly devil?: readonly Rank[];
  readonly devilPoints?: number;
  readonly scores?: readonly number[];
  readonly complete: boolean;
}
