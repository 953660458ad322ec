#!/usr/bin/env node
/** `bottle-imp`: one entry point, one module per subcommand. */
import { readFileSync } from 'node:fs';
import { commands } from './commands/index.js';
import { fail } from './io.js';

const USAGE = `Usage: bottle-imp <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`)
  .join('\n')}

Run "bottle-imp <command> --help" for a command's options, "bottle-imp --version" for the version.`;

/** The package's version, read from the package.json two folders above dist/cli/. */
function version(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE + '\n');
    return name === undefined ? 1 : 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`bottle-imp ${version()}\n`);
    return 0;
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
