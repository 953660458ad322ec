/** The rules engine's public API. Zero runtime dependencies, no I/O, no clock. */
export { CARD_COUNT, cardId, describeCard, POINTS, pointsOf, RANK, type Rank, type Suit, SUITS, START_PRICE, suitOf } from './cards.js';
export { Game, type Phase, type RoundLog, resolveOptions } from './game.js';
export { type EngineError, type ErrorCode, err, ok, type Result } from './result.js';
export { Rng } from './rng.js';
export { Round, winningPosition } from './round.js';
export { bottleCount, devilCardsOf, isMode, isPlayerCount, type Mode, MODES, modesFor, type PlayerCount, type Setup, setupFor, type TeamLetter } from './setup.js';
export * from './types.js';
export { type TableView, type TrickInProgress, view } from './view.js';
