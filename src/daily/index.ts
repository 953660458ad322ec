/** The daily deal: its cards from the server's secret. */
export {
  DAILY_BOT_LEVEL,
  DAILY_OPTIONS,
  DAILY_SEAT,
  dailyDateOf,
  dailySeed,
  isDailyDate,
  MIN_SECRET_LENGTH,
  secretProblem,
} from './deal.js';
