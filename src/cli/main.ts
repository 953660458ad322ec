#!/usr/bin/env node
/** `bottle-imp`: one entry point, one module per subcommand. */
import { commands } from './commands/index.js';
import { fail } from './io.js';

const USAGE = `Usage: bottle-imp <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`)
  .join('\n')}

Run "bottle-imp <command> --help" for a command's options.`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE + '\n');
    return name === undefined ? 1 : 0;
  }
  const command = commands[name];
  if (!command) return fail(`unknown command "${name}" (try bottle-imp --help)`);
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bottle-imp: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
