/**
 * `bottle-imp bench`: complete random hands per second on one thread, through the fast
 * Round core that bots use for their playouts (deal, random passes, random plays, score).
 */
import { createRound, PHASE_DONE, type PlayerCount, Rng } from '../../engine/index.js';
import { type Command, parseFlags, positiveNumber, wholeNumber, withArgErrors } from '../io.js';

const HELP = `Usage: bottle-imp bench --players N --seconds S [--json]

Plays complete random hands (deal, random passes, random plays, scoring) for S seconds
on one thread and reports hands and plays per second.
  --players N   2 to 6
  --seconds S   how long to run
  --json        print {"players","hands","seconds","handsPerSecond","playsPerSecond"}`;

export const bench: Command = {
  summary: 'measure the engine: random hands per second',
  run: (argv) =>
    withArgErrors('bench', () => {
      const { values } = parseFlags(argv, {
        players: { type: 'string' },
        seconds: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      });
      if (values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      const players = wholeNumber(values.players, 'players', 2, 6) as PlayerCount;
      const seconds = positiveNumber(values.seconds, 'seconds');
      const result = runBench(players, seconds);
      if (values.json) process.stdout.write(JSON.stringify(result) + '\n');
      else
        process.stdout.write(
          `${players} players: ${result.hands} hands in ${result.seconds} s = ${Math.round(result.handsPerSecond)} hands/s, ${Math.round(result.playsPerSecond)} plays/s\n`,
        );
      return 0;
    }),
};

export function runBench(players: PlayerCount, seconds: number) {
  const rng = new Rng(20261130);
  const scores = new Int32Array(players);
  let hands = 0;
  let plays = 0;
  const start = process.hrtime.bigint();
  const limit = BigInt(Math.round(seconds * 1e9));
  let elapsed = 0n;
  // Per dealer, a fresh round copied into a working round for every hand: a new deal
  // allocates nothing.
  const fresh = Array.from({ length: players }, (_, dealer) => createRound(players, 'individual', dealer));
  const working = fresh.map((r) => r.clone());
  while (elapsed < limit) {
    // Check the clock every 256 hands: reading it costs more than a hand.
    for (let k = 0; k < 256; k++) {
      const round = working[hands % players];
      round.copyFrom(fresh[hands % players]);
      round.dealRandom(rng);
      for (let s = 0; s < players; s++) round.randomPass(s, rng);
      while (round.phase !== PHASE_DONE) {
        round.play(round.randomLegal(rng));
        plays++;
      }
      round.score(scores);
      hands++;
    }
    elapsed = process.hrtime.bigint() - start;
  }
  const secs = Number(elapsed) / 1e9;
  return {
    players,
    hands,
    seconds: Math.round(secs * 1000) / 1000,
    handsPerSecond: Math.round(hands / secs),
    playsPerSecond: Math.round(plays / secs),
  };
}
