/** `bottle-imp play`: one person against bots in the terminal. */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Bot, botForLevel, playBotTurns } from '../../bots/index.js';
import { Game, type GameEvent, type PassChoice, type Rank, view, visibleEvents } from '../../engine/index.js';
import { recordOf } from '../../record/index.js';
import { type BotLevel, isBotLevel, LEVELS } from '../../values/index.js';
import {
  ArgError,
  type Command,
  gameFlags,
  parseFlags,
  readRecordFile,
  seedFlag,
  wholeNumber,
  withArgErrors,
} from '../io.js';
import { readTyped } from '../play/input.js';
import { LineReader } from '../play/lines.js';
import {
  bottleLines,
  helpText,
  lastTrick,
  narrate,
  passIntro,
  passSlots,
  Seats,
  scoreLines,
  table,
} from '../play/show.js';
import { Style } from '../play/style.js';

const HELP = `Usage: bottle-imp play [options]

Play The Bottle Imp against bots in the terminal. Type a card as it is shown (24, 24g or
2.5); type help during the game for the commands (hand, score, last, quit).
  --players N      2 to 6 (default 4)
  --mode M         individual (default), 2-1-1 (4 players), 2-2-1 (5), 2-2-2 or 2-2-1-1 (6)
  --seat S         your seat, 1 to N (default 1; seat 1 is the first in every list)
  --level L        the bots' level: ${LEVELS.join(', ')} (default medium)
  --levels L,...   or one level per bot seat, in seat order
  --rounds R       number of rounds (default: the player count's usual length)
  --target T       play whole rounds until a total reaches T instead
  --seed S         whole number; the same seed and choices give the same game (default: from the clock)
  --name NAME      your name in the record (default "You")
  --record FILE    where the game record is kept (default bottle-imp-<seed>.json); it is
                   written before the first deal, after every round and when you stop
  --resume FILE    go on with a saved game (its seed from its name bottle-imp-<seed>.json,
                   or --seed); it is saved to the same file unless --record says otherwise
Ctrl-C, Ctrl-D (end of input) and quit save the game so far.`;

/** How a session ended before the game did. */
type Stop = 'quit' | 'eof' | 'interrupt';

export const play: Command = {
  summary: 'play against bots in the terminal',
  run: (argv) =>
    withArgErrors('play', async () => {
      const { values } = parseFlags(argv, {
        players: { type: 'string', default: '4' },
        mode: { type: 'string', default: 'individual' },
        seat: { type: 'string', default: '1' },
        level: { type: 'string' },
        levels: { type: 'string' },
        rounds: { type: 'string' },
        target: { type: 'string' },
        seed: { type: 'string' },
        name: { type: 'string', default: 'You' },
        record: { type: 'string' },
        resume: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      });
      if (values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      const start = values.resume === undefined ? newGame(values) : resumed(values.resume, values.seed);
      if ('status' in start) return start.status;
      const { game, me, levels, seed } = start;
      const { players, mode } = game.options;

      const bots: (Bot | null)[] = [];
      const names: string[] = [];
      for (let s = 0, b = 0; s < players; s++) {
        if (s === me) {
          bots.push(null);
          names.push(start.name ?? values.name);
        } else {
          const level = levels[b++];
          bots.push(botForLevel(level, (seed + 101 * (s + 1)) >>> 0));
          names.push(`Bot ${s + 1} (${level})`);
        }
      }
      const file = values.record ?? values.resume ?? `bottle-imp-${seed}.json`;
      const save = (): void => writeFileSync(file, JSON.stringify(recordOf(game, names), null, 2) + '\n');
      // The record's path is tried before the first deal, so a bad path never costs a game.
      try {
        save();
      } catch (e) {
        throw new ArgError(
          `cannot write the record to ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
        );
      }
      return new Session(game, bots, new Seats(names, me), Style.of(process.stdout), file, save).run(
        mode ?? 'individual',
        seed,
      );
    }),
};

/** Where a session starts: its game, the player's seat, the bots' levels in seat order, the seed. */
interface Start {
  readonly game: Game;
  readonly me: number;
  readonly levels: readonly BotLevel[];
  readonly seed: number;
  /** The player's name, when the record says it. */
  readonly name?: string;
}

/** A new game from the flags. */
function newGame(values: {
  players?: string;
  mode?: string;
  rounds?: string;
  target?: string;
  seat?: string;
  level?: string;
  levels?: string;
  seed?: string;
}): Start {
  const options = gameFlags(values);
  const me = wholeNumber(values.seat, 'seat', 1, options.players) - 1;
  if (values.level !== undefined && values.levels !== undefined)
    throw new ArgError('give --level or --levels, not both');
  const levels = botLevels(values.levels ?? values.level ?? 'medium', options.players - 1, values.levels !== undefined);
  const seed = seedFlag(values.seed);
  const created = Game.create(options, seed);
  if (!created.ok) throw new ArgError(created.error.message);
  return { game: created.value, me, levels, seed };
}

/** How play names a bot in its record ("Bot 3 (hard)"): how a resumed record's bots are known. */
const BOT_NAME = /^Bot (\d+) \((\w+)\)$/;

/**
 * The game a record of `play` stopped at, dealt again from its seed (the record keeps the
 * deals, not the seed: --seed, or the default file name bottle-imp-SEED.json, says it),
 * with every pass and card of the record replayed; the player is its one seat not named
 * as play names bots. A pass not yet made by everyone was not saved: that pass is asked again.
 */
function resumed(file: string, seedText: string | undefined): Start | { status: number } {
  const read = readRecordFile(file);
  if (!read.ok) return read;
  const { record } = read;
  const fromName = /bottle-imp-(\d+)\.json$/.exec(file)?.[1];
  if (seedText === undefined && fromName === undefined)
    throw new ArgError(`--resume: give --seed S, the seed ${file} was started with`);
  const seed = seedFlag(seedText ?? fromName);
  const created = Game.create(record.options, seed);
  if (!created.ok) throw new ArgError(created.error.message);
  const game = created.value;
  record.rounds.forEach((round, i) => {
    if (JSON.stringify(game.log[i]?.hands) !== JSON.stringify(round.hands))
      throw new ArgError(`--resume: ${file} was not dealt from seed ${seed}; give its seed with --seed`);
    (round.passes ?? []).forEach((pass, seat) => {
      if (!game.apply({ type: 'pass', seat, pass }).ok) throw new ArgError(`--resume: ${file} does not replay`);
    });
    for (const card of round.plays ?? [])
      if (!game.apply({ type: 'play', seat: game.toAct()[0], card }).ok)
        throw new ArgError(`--resume: ${file} does not replay`);
  });
  const people = record.players
    .map((name, s) => ({ name, s }))
    .filter(({ name, s }) => {
      const bot = BOT_NAME.exec(name);
      return !(bot && Number(bot[1]) === s + 1 && isBotLevel(bot[2]));
    });
  if (people.length !== 1) throw new ArgError(`--resume: ${file} is not a game of bottle-imp play (one person, bots)`);
  const levels = record.players.flatMap((name) => {
    const bot = BOT_NAME.exec(name)?.[2];
    return bot && isBotLevel(bot) ? [bot] : [];
  });
  return { game, me: people[0].s, levels, seed, name: people[0].name };
}

/** One game at the terminal: bots' turns narrated, the player's turns asked, the record kept. */
class Session {
  private readonly input = new LineReader();

  constructor(
    private readonly game: Game,
    private readonly bots: readonly (Bot | null)[],
    private readonly seats: Seats,
    private readonly style: Style,
    private readonly file: string,
    private readonly save: () => void,
  ) {}

  async run(mode: string, seed: number): Promise<number> {
    const { game, seats } = this;
    this.say(
      `The Bottle Imp: ${game.players} players, ${mode}, seed ${seed}. You play seat ${seats.me + 1}; the others are bots. Type help at any prompt.`,
    );
    const interrupt = (): void => this.input.interrupt();
    process.on('SIGINT', interrupt);
    try {
      for (;;) {
        playBotTurns(game, this.bots, {
          before: (seat) => this.thinking(seat),
          after: (_seat, _action, events) => {
            this.thinking(null);
            this.tell(events);
          },
          stop: () => this.input.interrupted,
        });
        if (this.input.interrupted) return this.stopped('interrupt');
        if (game.phase === 'over') return this.finished();
        const stop = game.phase === 'pass' ? await this.askPass() : await this.askPlay();
        if (stop !== null) return this.stopped(stop);
      }
    } finally {
      process.off('SIGINT', interrupt);
      this.input.close();
    }
  }

  private get view() {
    return view(this.game, this.seats.me);
  }

  /** Lines for the player, each wrapped to the terminal. */
  private say(...lines: string[]): void {
    for (const line of lines) process.stdout.write(this.style.wrap(line) + '\n');
  }

  /** The events of one action as the player may see them; the record is saved when a round ends. */
  private tell(events: readonly GameEvent[]): void {
    this.say(...narrate(visibleEvents(events, this.seats.me), this.seats, this.style, this.view.bottleCount));
    if (events.some((e) => e.type === 'roundScored')) this.save();
  }

  /** "Bot 2 (expert) is thinking…" while a bot decides, on a terminal only; null clears it. */
  private thinking(seat: number | null): void {
    if (this.style.width === null) return;
    process.stdout.write(seat === null ? '\r\x1b[K' : `${this.seats.who(seat)} is thinking…`);
  }

  /**
   * Asks until the player types cards; commands and mistakes are answered and the prompt
   * asked again. Returns the cards, or how the session stopped.
   */
  private async ask(prompt: string): Promise<readonly Rank[] | Stop> {
    for (;;) {
      const line = await this.input.ask(prompt);
      if (line === null) return this.input.interrupted ? 'interrupt' : 'eof';
      const typed = readTyped(line);
      if (typed.kind === 'cards') return typed.cards;
      if (typed.kind === 'error') this.say(typed.message);
      if (typed.kind !== 'command') continue;
      const v = this.view;
      switch (typed.name) {
        case 'quit':
          return 'quit';
        case 'help':
          this.say(...helpText());
          break;
        case 'hand':
          this.say(...table(v, this.seats, this.style));
          break;
        case 'score':
          this.say(...bottleLines(v, this.seats), ...scoreLines(v, this.seats));
          break;
        case 'last':
          this.say(lastTrick(v, this.seats, this.style));
          break;
      }
    }
  }

  /** One card, checked by the engine; its refusal is explained and the card asked again. */
  private async askPlay(): Promise<Stop | null> {
    this.say('', ...table(this.view, this.seats, this.style));
    for (;;) {
      const cards = await this.ask('Your card: ');
      if (typeof cards === 'string') return cards;
      if (cards.length !== 1) {
        this.say('Play one card at a time.');
        continue;
      }
      const result = this.game.apply({ type: 'play', seat: this.seats.me, card: cards[0] });
      if (!result.ok) {
        this.say(`${result.error.message} Try again.`);
        continue;
      }
      this.tell(result.value);
      return null;
    }
  }

  /** The pass, slot by slot; a line may hold several cards, which fill the next slots in order. */
  private async askPass(): Promise<Stop | null> {
    const v = this.view;
    const hand = v.hand ?? [];
    const row = v.faceUp?.[this.seats.me] ?? [];
    const slots = passSlots(v, this.seats);
    this.say('', ...table(v, this.seats, this.style), passIntro(v, this.seats));
    const chosen: Rank[] = [];
    while (chosen.length < slots.length) {
      const cards = await this.ask(`Card to pass ${slots[chosen.length]}: `);
      if (typeof cards === 'string') return cards;
      const left = slots.length - chosen.length;
      const problem =
        cards.length > left
          ? `That is ${cards.length} cards; ${left === 1 ? 'one is' : `${left} are`} still to pass.`
          : cards
              .map((c, i) =>
                row.includes(c)
                  ? `${c} is in your face-up row; face-up cards are played, never passed.`
                  : !hand.includes(c)
                    ? `You do not hold ${c} in your hand.`
                    : chosen.includes(c) || cards.indexOf(c) < i
                      ? `You are already passing ${c}.`
                      : null,
              )
              .find((p) => p !== null);
      if (problem) this.say(problem);
      else chosen.push(...cards);
    }
    const [first, second, ...devil] = chosen;
    const pass: PassChoice =
      this.game.players === 2 ? { faceUp: first, hidden: second, devil } : { left: first, right: second, devil };
    const result = this.game.apply({ type: 'pass', seat: this.seats.me, pass });
    if (!result.ok) {
      // The checks above mirror the engine's; should they ever disagree, the pass is asked again.
      this.say(`${result.error.message} Pass again.`);
      return this.askPass();
    }
    this.say(`You pass ${slots.map((slot, i) => `${this.style.named(chosen[i])} ${slot}`).join(', ')}.`);
    this.tell(result.value);
    return null;
  }

  private finished(): number {
    const where = this.keep();
    this.say(`The game record is saved in ${where}.`);
    return 0;
  }

  private stopped(how: Stop): number {
    this.thinking(null);
    const where = this.keep();
    if (how === 'quit') {
      this.say(`You quit. The game so far is saved in ${where}.`);
      return 0;
    }
    process.stdout.write('\n');
    const why = how === 'interrupt' ? 'interrupted' : 'the input ended before the game did';
    process.stderr.write(`bottle-imp: play: ${why}; the game so far is saved in ${where}\n`);
    return how === 'interrupt' ? 130 : 1;
  }

  /** Saves the record; if its file can no longer be written, saves it in the temporary folder instead. Returns where. */
  private keep(): string {
    try {
      this.save();
      return this.file;
    } catch {
      const fallback = join(tmpdir(), `bottle-imp-${Date.now()}.json`);
      writeFileSync(fallback, JSON.stringify(recordOf(this.game, this.seats.names), null, 2) + '\n');
      return `${fallback} (${this.file} could not be written)`;
    }
  }
}

function botLevels(text: string, bots: number, perSeat: boolean): BotLevel[] {
  const list = text.split(',').map((l) => l.trim());
  const bad = list.find((l) => !isBotLevel(l));
  if (bad !== undefined) throw new ArgError(`unknown level "${bad}" (${LEVELS.join(', ')})`);
  if (!perSeat) return new Array(bots).fill(list[0]);
  if (list.length !== bots)
    throw new ArgError(`--levels must give ${bots} levels, one per bot seat, not ${list.length}`);
  return list as BotLevel[];
}
