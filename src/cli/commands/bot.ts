/**
 * `bottle-imp bot`: one of our bots as a bottle-imp-bot/1 program on standard input and
 * output (docs/bot-protocol.md), so that other harnesses, and our own `cmd:` seats, can
 * play it. Nothing but protocol lines goes to standard output.
 */
import { createInterface } from 'node:readline';
import type { Bot } from '../../bots/index.js';
import { BOT_CHOICES, botChoice, botOf } from '../bot-choice.js';
import type { ProgramMessage } from '../botproto/messages.js';
import { ArgError, type Command, parseFlags, withArgErrors } from '../io.js';

const HELP = `Usage: bottle-imp bot [--level L]

Plays one of our bots over the bot protocol bottle-imp-bot/1 (docs/bot-protocol.md): it
reads the host's messages on standard input, one JSON object per line (hello, decide,
events, bye), and answers ready and action on standard output. It plays game after game
and exits when its input ends.
  --level L   ${BOT_CHOICES.join(', ')} (default expert)
A message it cannot read is one line on standard error and exit status 1.`;

export const bot: Command = {
  summary: 'play one of our bots over the bot protocol on standard input and output',
  run: (argv) =>
    withArgErrors('bot', async () => {
      const { values } = parseFlags(argv, {
        level: { type: 'string', default: 'expert' },
        help: { type: 'boolean', short: 'h' },
      });
      if (values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      const level = botChoice(values.level);
      const send = (message: ProgramMessage): void => {
        process.stdout.write(JSON.stringify(message) + '\n');
      };
      let player: Bot | null = null;
      for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
        if (line.trim() === '') continue;
        let message: { type?: unknown; seat?: unknown; seed?: unknown; id?: unknown; view?: unknown };
        try {
          message = JSON.parse(line);
        } catch {
          throw new ArgError(`a line that is not JSON: ${line.slice(0, 200)}`);
        }
        if (message.type === 'hello') {
          // The same seed and seat give the same bot, so a host can reproduce a game.
          player = botOf(level, ((Number(message.seed) >>> 0) + 7919 * (Number(message.seat) + 1)) >>> 0);
          send({ type: 'ready', name: `bottle-imp ${level}`, author: 'Bottle Imp' });
        } else if (message.type === 'decide') {
          if (!player) throw new ArgError('decide before hello');
          const action = player.decide(message.view as Parameters<Bot['decide']>[0]);
          send({ type: 'action', id: Number(message.id), action });
        }
        // events need no answer (our bots read everything from the view); bye ends a game.
      }
      return 0;
    }),
};
