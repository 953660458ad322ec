/** `bottle-imp analyse FILE|- [--seat N] [--json] [--iterations N] [--seed S]`: judge every decision of a record. */
import { ANALYSIS_DEFAULT_ITERATIONS, analyseRecord } from '../../analysis/index.js';
import { formatAnalysis, withEnglishReasons } from '../analysis-text.js';
import { type Command, fail, parseFlags, readRecordFile, wholeNumber, withArgErrors } from '../io.js';

const HELP = `Usage: bottle-imp analyse FILE|- [--seat N] [--json] [--iterations N] [--seed S]

Judges every pass and card of a bottle-imp/1 record (FILE, or - for standard input) from
the deciding seat's view at that moment: the expected round points of each option, the
best one, the points lost, and a class (good, inaccuracy, mistake, blunder, forced).
  --seat N         only seat N's decisions (counted from 1)
  --json           print the analysis as JSON (docs/analysis.md)
  --iterations N   sampled deals per decision (default ${ANALYSIS_DEFAULT_ITERATIONS})
  --seed S         whole number; the same seed gives the same analysis (default 1)
  --help           show this help

Progress is written to standard error. An invalid record prints one line naming the
round and position, and exits with status 1.`;

export const analyse: Command = {
  summary: 'judge every decision of a game record',
  run: (argv) =>
    withArgErrors('analyse', () => {
      const parsed = parseFlags(
        argv,
        {
          seat: { type: 'string' },
          json: { type: 'boolean' },
          iterations: { type: 'string' },
          seed: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
        true,
      );
      const values = parsed.values;
      if (values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      if (parsed.positionals.length !== 1) return fail('analyse: give one record file, or - for standard input');
      const iterations =
        values.iterations === undefined
          ? ANALYSIS_DEFAULT_ITERATIONS
          : wholeNumber(values.iterations, 'iterations', 1, 10_000_000);
      const seed = values.seed === undefined ? 1 : wholeNumber(values.seed, 'seed', 0, 2 ** 32 - 1);
      const seatFlag = values.seat === undefined ? undefined : wholeNumber(values.seat, 'seat', 1, 6);
      const record = readRecordFile(parsed.positionals[0]);
      if (!record.ok) return record.status;
      const players = record.record.options.players;
      if (seatFlag !== undefined && seatFlag > players)
        return fail(`analyse: --seat must be from 1 to ${players} for this ${players}-player game, not ${seatFlag}`);
      const started = Date.now();
      let shown = 0;
      const onProgress = (done: number, total: number): void => {
        // About one line every 10 % (and the last), so that long games show they are moving.
        if (done !== total && done * 10 < (shown + 1) * total) return;
        shown = Math.floor((done * 10) / total);
        process.stderr.write(
          `analyse: ${done} of ${total} decisions (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
        );
      };
      const analysis = analyseRecord(record.record, {
        seat: seatFlag === undefined ? undefined : seatFlag - 1,
        iterations,
        seed,
        onProgress,
      });
      if (!analysis.ok) return fail(analysis.error);
      process.stdout.write(
        values.json
          ? JSON.stringify(withEnglishReasons(analysis.value), null, 2) + '\n'
          : formatAnalysis(record.record, analysis.value),
      );
      return 0;
    }),
};
