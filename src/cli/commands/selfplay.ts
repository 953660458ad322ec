/**
 * `bottle-imp selfplay`: one bot in every seat, game after game, written as a data set for
 * people who learn policies: each game as a bottle-imp/1 record, and per decision the
 * seat's view, its legal actions and the action taken, as a bot program's `decide`
 * message has them (docs/bot-protocol.md).
 */
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { playBotTurns } from '../../bots/index.js';
import { type Action, Game, type GameOptions, type TableView, view } from '../../engine/index.js';
import { recordOf } from '../../record/index.js';
import { BOT_CHOICES, type BotChoice, botChoice, botOf } from '../bot-choice.js';
import {
  ArgError,
  type Command,
  GAME_FLAGS,
  GAME_FLAGS_HELP,
  gameFlags,
  parseFlags,
  seedFlag,
  wholeNumber,
  withArgErrors,
} from '../io.js';
import { plural } from '../text.js';
import { dealSeed } from '../tournament/match.js';
import { ProgressBar, ProgressLines } from '../tournament/progress.js';

/** The files that make a data set; a folder that holds one of them is not written over. */
const DECISIONS = 'decisions.jsonl';
const GAMES = 'games.jsonl';

const HELP = `Usage: bottle-imp selfplay --players N --out DIR [--games G] [--level L] [options]

Plays games with the same bot in every seat and writes them to DIR as a data set for
learning policies (docs/bots.md):
  game-00001.json, ...  each game as a bottle-imp/1 record (RECORD.md)
  ${DECISIONS}       one JSON object per decision, in the order they were taken:
                        {"game":1,"seq":0,"seat":2,"view":{…},"legal":[…],"action":{…}}
                        view is the deciding seat's view, legal its legal actions and
                        action the one taken, as a bot program's decide message has them
                        (docs/bot-protocol.md); seq counts the game's earlier actions
  ${GAMES}           one line per game, once its files are written:
                        {"game":1,"record":"game-00001.json","seed":S,"decisions":D,
                         "totals":[…],"winners":[…]}
Seats are numbered from 0 in the JSON, as in the records.
${GAME_FLAGS_HELP}
  --out DIR     the folder to write (made if missing; one that holds a data set is refused)
  --games G     number of games (default 1)
  --level L     ${BOT_CHOICES.join(', ')} (default expert)
  --seed S      whole number; the same seed gives the same data set (default: from the
                clock, printed on standard error)
Progress goes to standard error: a bar on a terminal, else a line every 10 seconds.`;

export const selfplay: Command = {
  summary: 'write games of a bot against itself as a data set of decisions',
  run: (argv) =>
    withArgErrors('selfplay', () => {
      const { values } = parseFlags(argv, {
        ...GAME_FLAGS,
        out: { type: 'string' },
        games: { type: 'string', default: '1' },
        level: { type: 'string', default: 'expert' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      });
      if (values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      const options = gameFlags(values);
      const games = wholeNumber(values.games, 'games', 1, 10_000_000);
      const level = botChoice(values.level);
      if (values.out === undefined) throw new ArgError('--out is required (the folder to write the data set to)');
      const out = values.out;
      const seed = seedFlag(values.seed);
      const files = openDataSet(out);
      // A seed of its own is told, so that the data set can be made again.
      if (values.seed === undefined)
        process.stderr.write(`bottle-imp: selfplay: seed ${seed} (--seed ${seed} plays the same games again)\n`);
      const progress = process.stderr.isTTY
        ? new ProgressBar(games, 'games')
        : new ProgressLines(games, 'games', 'bottle-imp: selfplay: ');
      const names = Array.from({ length: options.players }, (_, s) => `${level} #${s + 1}`);
      let decisions = 0;
      try {
        for (let number = 1; number <= games; number++) {
          const gameSeed = dealSeed(seed, number - 1);
          const { game, lines } = playGame(options, level, gameSeed, number);
          const record = `game-${String(number).padStart(5, '0')}.json`;
          writeFileSync(join(out, record), JSON.stringify(recordOf(game, names)) + '\n');
          writeSync(files.decisions, lines.join(''));
          // Last, so that games.jsonl lists only games whose files are whole.
          const summary = { game: number, record, seed: gameSeed, decisions: lines.length };
          writeSync(files.games, JSON.stringify({ ...summary, totals: game.totals, winners: game.winners }) + '\n');
          decisions += lines.length;
          progress.update(number);
        }
      } finally {
        if (progress instanceof ProgressBar) progress.finish();
        closeSync(files.decisions);
        closeSync(files.games);
      }
      process.stdout.write(`${plural(games, 'game')}, ${plural(decisions, 'decision')} written to ${out}\n`);
      return 0;
    }),
};

/** Makes DIR if needed and opens its two JSON-lines files; a folder with a data set already is refused. */
function openDataSet(dir: string): { decisions: number; games: number } {
  const held = [DECISIONS, GAMES].find((file) => existsSync(join(dir, file)));
  if (held !== undefined) throw new ArgError(`${dir} already holds a data set (${held}); choose another --out`);
  try {
    mkdirSync(dir, { recursive: true });
    return { decisions: openSync(join(dir, DECISIONS), 'w'), games: openSync(join(dir, GAMES), 'w') };
  } catch (e) {
    throw new ArgError(`cannot write ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** One game with `level` in every seat, and its decisions as JSON lines. */
function playGame(
  options: GameOptions,
  level: BotChoice,
  seed: number,
  number: number,
): { game: Game; lines: string[] } {
  const created = Game.create(options, seed);
  if (!created.ok) throw new ArgError(created.error.message);
  const game = created.value;
  const bots = Array.from({ length: options.players }, (_, s) => botOf(level, (seed + 7919 * (s + 1)) >>> 0));
  const lines: string[] = [];
  let asked: { view: TableView; legal: Action[] } | null = null;
  playBotTurns(game, bots, {
    // Taken from the state the bot is about to decide in: the view it is handed, and the
    // legal actions a program would be sent with it.
    before: (seat) => {
      asked = { view: view(game, seat), legal: game.legalActions(seat) };
    },
    after: (seat, action) => {
      const { view: seen, legal } = asked!;
      lines.push(JSON.stringify({ game: number, seq: lines.length, seat, view: seen, legal, action }) + '\n');
    },
  });
  return { game, lines };
}
