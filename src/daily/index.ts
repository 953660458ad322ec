/**
 * The daily deal and duplicate events: their cards from the server's secret, their bots that
 * decide alike at every table, and duplicate scoring (matchpoints).
 */
export { dailyBot, dailyBotSeed, dealtView, decisionNumber } from './bots.js';
export {
  DAILY_BOT_LEVEL,
  DAILY_OPTIONS,
  DAILY_SEAT,
  dailyDateOf,
  dailyEndOf,
  dailySeed,
  isDailyDate,
  MIN_SECRET_LENGTH,
  secretProblem,
} from './deal.js';
export {
  duplicateSeed,
  type EntryMatchpoints,
  matchpoints,
  type ScoredEntry,
  scoreEvent,
} from './duplicate.js';
export { playDayByBots } from './play.js';
