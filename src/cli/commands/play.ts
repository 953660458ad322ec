/** `bottle-imp play`: one person against bots in the terminal. */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type Bot, type BotLevel, botForLevel, isBotLevel, LEVELS } from '../../bots/index.js';
import { type Action, cardId, Game, type GameEvent, type PassChoice, type Rank, view, visibleEvents } from '../../engine/index.js';
import { recordOf } from '../../record/index.js';
import { ArgError, type Command, gameFlags, withArgErrors, wholeNumber } from '../io.js';
import { LineReader } from '../play/lines.js';
import { card, narrate, table } from '../play/show.js';

const HELP = `Usage: bottle-imp play [options]

Play The Bottle Imp against bots in the terminal. Type a card by its rank (e.g. 24 or 2.5).
  --players N      2 to 6 (default 4)
  --mode M         individual (default), 2-1-1 (4 players), 2-2-1 (5), 2-2-2 or 2-2-1-1 (6)
  --seat S         your seat, 0 to N-1 (default 0; seat 0 is the first in every list)
  --level L        the bots' level: ${LEVELS.join(', ')} (default medium)
  --levels L,...   or one level per bot seat, in seat order
  --rounds R       number of rounds (default: the player count's usual length)
  --target T       play whole rounds until a total reaches T instead
  --seed S         whole number; the same seed and choices give the same game (default: from the clock)
  --name NAME      your name in the record (default "You")
  --record FILE    where to save the game record at the end (default bottle-imp-<seed>.json)`;

export const play: Command = {
  summary: 'play against bots in the terminal',
  run: (argv) =>
    withArgErrors('play', async () => {
      const { values } = parseArgs({
        args: argv,
        options: {
          players: { type: 'string', default: '4' },
          mode: { type: 'string', default: 'individual' },
          seat: { type: 'string', default: '0' },
          level: { type: 'string' },
          levels: { type: 'string' },
          rounds: { type: 'string' },
          target: { type: 'string' },
          seed: { type: 'string' },
          name: { type: 'string', default: 'You' },
          record: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
      });
      if (values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      const options = gameFlags(values);
      const { players, mode } = options;
      const me = wholeNumber(values.seat, 'seat', 0, players - 1);
      if (values.level !== undefined && values.levels !== undefined) throw new ArgError('give --level or --levels, not both');
      const levels = botLevels(values.levels ?? values.level ?? 'medium', players - 1, values.levels !== undefined);
      const seed = values.seed === undefined ? Date.now() % 2 ** 32 : wholeNumber(values.seed, 'seed', 0, 2 ** 32 - 1);
      const created = Game.create(options, seed);
      if (!created.ok) throw new ArgError(created.error.message);
      const game = created.value;

      const bots: (Bot | null)[] = [];
      const names: string[] = [];
      for (let s = 0, b = 0; s < players; s++) {
        if (s === me) {
          bots.push(null);
          names.push(values.name);
        } else {
          const level = levels[b++];
          bots.push(botForLevel(level, (seed + 101 * (s + 1)) >>> 0));
          names.push(`Bot ${s} (${level})`);
        }
      }
      const file = values.record ?? `bottle-imp-${seed}.json`;
      process.stdout.write(`The Bottle Imp: ${players} players, ${mode}, seed ${seed}. You play seat ${me} as ${names[me]}.\n`);

      const input = new LineReader();
      const say = (events: readonly GameEvent[]): void => {
        for (const line of narrate(visibleEvents(events, me), names, me, game.bottles().length)) process.stdout.write(line + '\n');
      };
      try {
        while (game.phase !== 'over') {
          const toAct = game.toAct();
          if (game.phase === 'pass') {
            for (const s of toAct) if (s !== me) say(apply(game, bots[s]!.decide(view(game, s), game.legalActions(s))));
            if (!toAct.includes(me)) continue;
            const pass = await askPass(game, me, names, input);
            if (pass === null) return endedEarly(game, names, file);
            say(apply(game, { type: 'pass', seat: me, pass }));
            continue;
          }
          const seat = toAct[0];
          if (seat !== me) {
            say(apply(game, bots[seat]!.decide(view(game, seat), game.legalActions(seat))));
            continue;
          }
          process.stdout.write('\n' + table(view(game, me), names));
          for (;;) {
            const answer = await input.ask('Your card: ');
            if (answer === null) return endedEarly(game, names, file);
            const rank = parseRank(answer);
            if (rank === null) {
              process.stdout.write(`Type the rank of a card in your hand, e.g. ${view(game, me).legal[0]}.\n`);
              continue;
            }
            const result = game.apply({ type: 'play', seat: me, card: rank });
            if (!result.ok) {
              process.stdout.write(`${result.error.message} Try again.\n`);
              continue;
            }
            process.stdout.write(`You play ${card(rank)}.\n`);
            say(result.value);
            break;
          }
        }
      } finally {
        input.close();
      }
      writeFileSync(file, JSON.stringify(recordOf(game, names), null, 2) + '\n');
      process.stdout.write(`The game record is saved in ${file}.\n`);
      return 0;
    }),
};

function botLevels(text: string, bots: number, perSeat: boolean): BotLevel[] {
  const list = text.split(',').map((l) => l.trim());
  const bad = list.find((l) => !isBotLevel(l));
  if (bad !== undefined) throw new ArgError(`unknown level "${bad}" (${LEVELS.join(', ')})`);
  if (!perSeat) return new Array(bots).fill(list[0]);
  if (list.length !== bots) throw new ArgError(`--levels must give ${bots} levels, one per bot seat, not ${list.length}`);
  return list as BotLevel[];
}

function parseRank(text: string): Rank | null {
  const t = text.trim();
  if (!/^\d+(\.5)?$/.test(t)) return null;
  return Number(t);
}

function apply(game: Game, action: Action): GameEvent[] {
  const result = game.apply(action);
  if (!result.ok) throw new Error(`internal: a bot chose an illegal action: ${result.error.detail}`);
  return result.value;
}

/** Ask for each card of the pass in turn; any mistake is explained and that card asked again. */
async function askPass(game: Game, me: number, names: readonly string[], input: LineReader): Promise<PassChoice | null> {
  const v = view(game, me);
  process.stdout.write('\n' + table(v, names));
  const n = game.players;
  const devils = game.devilCount(me);
  const slots = n === 2 ? ["into your opponent's face-up row", "into your opponent's hand"] : [`to your left (${names[(me + 1) % n]})`, `to your right (${names[(me + n - 1) % n]})`];
  for (let k = 0; k < devils; k++) slots.push("to the devil's trick");
  const chosen: Rank[] = [];
  for (const slot of slots) {
    for (;;) {
      const answer = await input.ask(`Card to pass ${slot}: `);
      if (answer === null) return null;
      const rank = parseRank(answer);
      if (rank === null || cardId(rank) < 0) process.stdout.write(`${answer.trim() || 'Nothing'} is not a card: type the rank of a card in your hand.\n`);
      else if (!v.hand!.includes(rank)) process.stdout.write(`You do not hold ${rank} in your hand${v.faceUp?.[me].includes(rank) ? ' (face-up cards are not passed)' : ''}.\n`);
      else if (chosen.includes(rank)) process.stdout.write(`You are already passing ${rank}.\n`);
      else {
        chosen.push(rank);
        break;
      }
    }
  }
  const [first, second, ...devil] = chosen;
  return n === 2 ? { faceUp: first, hidden: second, devil } : { left: first, right: second, devil };
}

function endedEarly(game: Game, names: readonly string[], file: string): number {
  writeFileSync(file, JSON.stringify(recordOf(game, names), null, 2) + '\n');
  process.stdout.write('\n');
  process.stderr.write(`bottle-imp: play: the input ended before the game did; the game so far is saved in ${file}\n`);
  return 1;
}
