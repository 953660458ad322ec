/**
 * The searchable position of a seat's view is built by the engine (searchPosition in
 * src/engine/position.ts); these are its former names here, kept for callers of the
 * bots' modules.
 */
export { type SearchPosition as Known, searchPosition as knownRound } from '../engine/index.js';
