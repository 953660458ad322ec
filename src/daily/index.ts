/** The daily deal: its cards from the server's secret, its bots that decide alike at every table. */
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
export { playDayByBots } from './play.js';
