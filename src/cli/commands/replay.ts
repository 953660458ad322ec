/** `bottle-imp replay FILE|- [--json]`: replay a record under the rules. */
import { gameFromRecord, reportOf } from '../../record/index.js';
import { type Command, fail, parseFlags, readRecordFile, withArgErrors } from '../io.js';
import { formatReplay } from '../replay-text.js';

const HELP = `Usage: bottle-imp replay FILE|- [--json]

Replays a bottle-imp/1 game record (FILE, or - for standard input) under the rules.
  --json    print the replay as JSON, exactly as RECORD.md describes
  --help    show this help

An invalid record prints one line naming the round and position, and exits with status 1.`;

export const replay: Command = {
  summary: 'replay and validate a game record',
  run: (argv) =>
    withArgErrors('replay', () => {
      const parsed = parseFlags(argv, { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, true);
      if (parsed.values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      if (parsed.positionals.length !== 1) return fail('replay: give one record file, or - for standard input');
      const record = readRecordFile(parsed.positionals[0]);
      if (!record.ok) return record.status;
      const game = gameFromRecord(record.record);
      if (!game.ok) return fail(game.error);
      const report = reportOf(game.value);
      process.stdout.write(
        parsed.values.json
          ? JSON.stringify(report, null, 2) + '\n'
          : formatReplay(record.record, report, game.value.log),
      );
      return 0;
    }),
};
