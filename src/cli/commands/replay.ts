/** `bottle-imp replay FILE|- [--json]`: replay a record under the rules. */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseRecord, replayRecord } from '../../record/index.js';
import { type Command, fail, failRecord, withArgErrors } from '../io.js';
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
    const parsed = parseArgs({ args: argv, allowPositionals: true, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
    if (parsed.values.help) {
      process.stdout.write(HELP + '\n');
      return 0;
    }
    if (parsed.positionals.length !== 1) return fail('replay: give one record file, or - for standard input');
    const file = parsed.positionals[0];
    let text: string;
    try {
      text = readFileSync(file === '-' ? 0 : file, 'utf8');
    } catch (e) {
      return fail(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    const record = parseRecord(text);
    if (!record.ok) return failRecord(record.error);
    const report = replayRecord(record.value);
    if (!report.ok) return failRecord(report.error);
    process.stdout.write(parsed.values.json ? JSON.stringify(report.value, null, 2) + '\n' : formatReplay(record.value, report.value));
    return 0;
    }),
};
