/**
 * `bottle-imp connect`: a bot program speaking `bottle-imp-bot/1` plays a bot account's
 * seats on a server (docs/bot-protocol.md, "On a server"; docs/protocol.md, "Bot accounts").
 */
import { type Command, fail, parseFlags, positiveNumber, wholeNumber, withArgErrors } from '../io.js';

const HELP = `Usage: bottle-imp connect --server URL --token T [--games N] [--bot-timeout S] [--verbose] -- PROGRAM [ARGS…]

Plays a bot account's seats on a Bottle Imp server with PROGRAM, a bot speaking the bot
protocol bottle-imp-bot/1 (docs/bot-protocol.md) on its standard input and output, as in
a tournament's cmd: seat. It connects as the bot account whose token T is (made by
"bottle-imp admin bot NAME" on the server), plays the tables it holds a seat at, then those
a host invites it to, one at a time: each game is one hello … bye.
  --server URL       the server's address, e.g. http://localhost:3000
  --token T          the bot account's token (or the environment's BOTTLE_IMP_TOKEN)
  --games N          stop after N games (default: play on until stopped)
  --bot-timeout S    seconds the program has per decision (default 10)
  --verbose          show the program's standard error and what happens at the tables
A refused token, a server out of reach: one line, exit status 1. A program that fails
(no answer in time, an illegal action, a line that is not JSON, an exit): its line, exit
status 2; the server's stand-in bot then plays its seat.`;

/** Each argument as the shell reads it back (ProgramHost starts its command through the shell). */
function shellWords(args: readonly string[]): string {
  return args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`)).join(' ');
}

export const connect: Command = {
  summary: 'play a bot account on a server with a bot-protocol program',
  run: (argv) =>
    withArgErrors('connect', async () => {
      const { values, positionals } = parseFlags(
        argv,
        {
          server: { type: 'string' },
          token: { type: 'string' },
          games: { type: 'string' },
          'bot-timeout': { type: 'string' },
          verbose: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
        true,
      );
      if (values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      const token = values.token ?? process.env.BOTTLE_IMP_TOKEN;
      if (values.server === undefined) return fail('connect: --server URL is required');
      if (token === undefined) return fail('connect: --token T is required (or BOTTLE_IMP_TOKEN)');
      if (positionals.length === 0) return fail('connect: name the program after --, e.g. -- python3 my_bot.py');
      try {
        new URL(values.server);
      } catch {
        return fail(`connect: --server must be an address such as http://localhost:3000, not "${values.server}"`);
      }
      const games = values.games === undefined ? null : wholeNumber(values.games, 'games', 1);
      const decisionMs =
        values['bot-timeout'] === undefined ? undefined : positiveNumber(values['bot-timeout'], 'bot-timeout') * 1000;
      const verbose = values.verbose === true;
      // Loaded here, not at the top, as in admin.ts: the WebSocket client is for this command only.
      const [{ ProgramHost }, { RemoteSeat }] = await Promise.all([
        import('../botproto/program.js'),
        import('../botproto/remote.js'),
      ]);
      const host = new ProgramHost(shellWords(positionals), { decisionMs, verbose });
      const end = await new RemoteSeat(host, {
        server: values.server,
        token,
        games,
        note: verbose ? (line) => process.stderr.write(`bottle-imp: connect: ${line}\n`) : null,
      }).run();
      if (end.ok) {
        // The program's input closes as this process ends: it exits after its last bye.
        return 0;
      }
      process.stderr.write(`bottle-imp: connect: ${end.line}\n`);
      return end.line.startsWith('seat ') ? 2 : 1;
    }),
};
