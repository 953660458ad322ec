/** Game records (RECORD.md): read, validate, replay, write. */
export { checkRecord, parseRecord, type RecordResult } from './parse.js';
export { actionCount, gameFromRecord, replayRecord, reportOf } from './replay.js';
export * from './types.js';
export { recordOf } from './write.js';
