/** Analysis of decisions from a seat's view: whole records (analyse.ts) and hints at the table (hint.ts). */
export {
  ANALYSIS_DEFAULT_ITERATIONS,
  ANALYSIS_FORMAT,
  type AnalysedDecision,
  type AnalysedOption,
  type Analysis,
  type AnalysisOptions,
  analyseMoment,
  analyseRecord,
  type Moment,
  momentsOf,
  type PlayerSummary,
  summarise,
} from './analyse.js';
export { HINT_ITERATIONS, type Hint, hintFor } from './hint.js';
export {
  type DecisionClass,
  REASON_CODES,
  type Reason,
  THRESHOLDS,
  TRICK_CODES,
  type TrickOutcome,
} from './verdict.js';
