/** The rules engine's public API. Zero runtime dependencies, no I/O, no clock. */
export {
  CARD_COUNT,
  type CardId,
  cardId,
  deckIds,
  describeCard,
  IS_EXTENDED,
  POINTS,
  pointsOf,
  priceThreshold,
  RANK,
  type Rank,
  START_PRICE,
  START_THRESHOLD,
  SUIT_INDEX,
  SUITS,
  type Suit,
  suitOf,
} from './cards.js';
// The fast core, for searching bots: card sets as two 32-bit words, the Round they play
// out, and the searchable position of a seat's view. Everything else should use Game.
export {
  addCard,
  BELOW_HI,
  BELOW_LO,
  bitCount,
  cardIds,
  hasCard,
  lowestBit,
  nthCard,
  removeCard,
  SUIT_HI,
  SUIT_LO,
  setOf,
  setPoints,
} from './cardset.js';
export { Game, type Phase, passActions, type RoundLog, resolveOptions } from './game.js';
export { parsePosition, printPosition } from './notation.js';
export { passOfSlots, sameSlots, slotsOf } from './pass-slots.js';
export { type SearchPosition, searchPosition } from './position.js';
export {
  type EngineError,
  type ErrorCode,
  err,
  type GameError,
  type GameErrorCode,
  NOTATION_ERROR_CODES,
  type NotationErrorCode,
  ok,
  type Result,
} from './result.js';
export { type RandomSource, Rng } from './rng.js';
// The type only: outside the engine a Round's fields are read-only (round.ts).
export {
  createRound,
  PASS_SLOTS,
  PHASE_DONE,
  PHASE_PASS,
  PHASE_PLAY,
  type ReadonlyInts,
  type Round,
  winningPosition,
} from './round.js';
export { isWideSeed, type Seed } from './seed.js';
export {
  bottleCount,
  devilCardsOf,
  isMode,
  isPlayerCount,
  leftOf,
  MODES,
  type Mode,
  modesFor,
  type PlayerCount,
  rightOf,
  type Setup,
  setupFor,
  type TeamLetter,
  teamsFor,
} from './setup.js';
export * from './types.js';
export { type TableView, type TrickInProgress, view } from './view.js';
