/** Analysis of decisions from a seat's view: whole records (analyse.ts) and hints at the table (hint.ts). */
export { ANALYSIS_DEFAULT_ITERATIONS, ANALYSIS_FORMAT, type AnalysedDecision, type AnalysedOption, type Analysis, type AnalysisOptions, analyseRecord, type PlayerSummary } from './analyse.js';
export { type DecisionClass, THRESHOLDS } from './verdict.js';
