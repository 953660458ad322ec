/**
 * `bottle-imp daily --date YYYY-MM-DD [--json]`: a day's daily deal (docs/protocol.md, "The
 * daily deal") and how the bots alone score it, seat 1 played by a bot too, so that an
 * operator can check a day. The deals come from DAILY_SECRET, the server's secret: only
 * whoever holds it can print a day's cards.
 */
import { DAILY_BOT_LEVEL, DAILY_OPTIONS, isDailyDate, playDayByBots, secretProblem } from '../../daily/index.js';
import { recordOf } from '../../record/index.js';
import { isBotLevel, LEVELS } from '../../values/index.js';
import { ArgError, type Command, fail, parseFlags, withArgErrors } from '../io.js';
import { shortCard } from '../text.js';

const HELP = `Usage: bottle-imp daily --date YYYY-MM-DD [--json] [--level L]

Prints the daily deal of a day (${DAILY_OPTIONS.rounds} hands at ${DAILY_OPTIONS.players} players, individual) and how the
bots alone score it, seat 1 played by a bot too. Reads the server's secret from DAILY_SECRET.
  --date D    the day, YYYY-MM-DD (days roll over at midnight UTC)
  --json      the deals, the scores and the game's bottle-imp/1 record as JSON
  --level L   the bots' level: ${LEVELS.join(', ')} (default ${DAILY_BOT_LEVEL}, the day's bots; lower is quicker)`;

export const daily: Command = {
  summary: "print a day's daily deal and how the bots alone score it (needs DAILY_SECRET)",
  run: (argv) =>
    withArgErrors('daily', () => {
      const { values } = parseFlags(argv, {
        date: { type: 'string' },
        json: { type: 'boolean' },
        level: { type: 'string', default: DAILY_BOT_LEVEL },
        help: { type: 'boolean', short: 'h' },
      });
      if (values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      if (values.date === undefined) throw new ArgError('--date is required (YYYY-MM-DD)');
      if (!isDailyDate(values.date))
        throw new ArgError(`--date must be a date written YYYY-MM-DD, not "${values.date}"`);
      if (!isBotLevel(values.level)) throw new ArgError(`--level must be one of ${LEVELS.join(', ')}`);
      const secret = process.env.DAILY_SECRET;
      if (!secret) return fail("daily: DAILY_SECRET is not set (the server's secret; see docs/deploy.md)");
      const problem = secretProblem(secret);
      if (problem) return fail(`daily: ${problem}`);
      const game = playDayByBots(secret, values.date, values.level);
      const deals = game.log.map((round) => ({ dealer: round.dealer, hands: round.hands }));
      const scores = game.log.map((round) => round.result!.scores);
      if (values.json) {
        const names = ['Seat 1', 'Bot 2', 'Bot 3', 'Bot 4'];
        const out = {
          date: values.date,
          players: DAILY_OPTIONS.players,
          hands: DAILY_OPTIONS.rounds,
          level: values.level,
          deals,
          scores,
          totals: game.totals,
          record: recordOf(game, names),
        };
        process.stdout.write(JSON.stringify(out) + '\n');
        return 0;
      }
      const lines = [`Daily deal ${values.date}: every seat played by ${values.level}`];
      deals.forEach((deal, i) => {
        lines.push('', `Hand ${i + 1}: seat ${deal.dealer + 1} deals`);
        deal.hands.forEach((hand, s) => {
          lines.push(`  seat ${s + 1}: ${hand.map(shortCard).join(' ')}`);
        });
        lines.push(`  scores: ${scores[i].map((p, s) => `seat ${s + 1} ${p}`).join(', ')}`);
      });
      lines.push('', `Totals: ${game.totals.map((p, s) => `seat ${s + 1} ${p}`).join(', ')}`);
      process.stdout.write(lines.join('\n') + '\n');
      return 0;
    }),
};
