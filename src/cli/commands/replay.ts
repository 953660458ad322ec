/** `bottle-imp replay FILE|- [--json | --position N]`: replay a record under the rules. */
import { printPosition } from '../../engine/index.js';
import { actionCount, gameFromRecord, reportOf } from '../../record/index.js';
import { type Command, fail, parseFlags, readRecordFile, wholeNumber, withArgErrors } from '../io.js';
import { formatReplay } from '../replay-text.js';

const HELP = `Usage: bottle-imp replay FILE|- [--json | --position N]

Replays a bottle-imp/1 game record (FILE, or - for standard input) under the rules.
  --json          print the replay as JSON, exactly as RECORD.md describes
  --position N    print the position notation (docs/engine.md) after the record's
                  first N actions: passes and plays counted over all rounds, a round
                  dealt as soon as its first action is next (0: the first round as
                  dealt; the record's number of actions: where it stops). The
                  notation shows every hidden card: for finished games and reports.
  --help          show this help

An invalid record prints one line naming the round and position, and exits with status 1.`;

export const replay: Command = {
  summary: 'replay and validate a game record',
  run: (argv) =>
    withArgErrors('replay', () => {
      const parsed = parseFlags(
        argv,
        { json: { type: 'boolean' }, position: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
        true,
      );
      if (parsed.values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      if (parsed.positionals.length !== 1) return fail('replay: give one record file, or - for standard input');
      const record = readRecordFile(parsed.positionals[0]);
      if (!record.ok) return record.status;
      const game = gameFromRecord(record.record);
      if (!game.ok) return fail(game.error);
      if (parsed.values.position !== undefined) {
        if (parsed.values.json) return fail('replay: give --json or --position, not both');
        const total = actionCount(record.record);
        const at = wholeNumber(parsed.values.position, 'position', 0);
        if (at > total)
          return fail(`replay: --position ${at} is past the end of the record, which holds ${total} actions`);
        const there = gameFromRecord(record.record, at);
        if (!there.ok) return fail(there.error);
        process.stdout.write(printPosition(there.value) + '\n');
        return 0;
      }
      const report = reportOf(game.value);
      process.stdout.write(
        parsed.values.json
          ? JSON.stringify(report, null, 2) + '\n'
          : formatReplay(record.record, report, game.value.log),
      );
      return 0;
    }),
};
