/**
 * The engine as a library (docs/library.md): the package packed by `npm pack` is unpacked
 * into a fresh folder's node_modules/, and the document's programs are compiled there
 * by TypeScript and run by Node, both resolving `bottle-imp/engine`, `bottle-imp/bots`
 * and `bottle-imp/record` through the package's `exports` map and nothing else.
 *
 * The tarball is unpacked with tar rather than installed with `npm install`: npm would
 * fetch the server's dependencies from the network, and the three entry points load none
 * of them (this folder's node_modules/ holds the package alone, which proves it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { type GameRecord, replayRecord } from '../../src/record/index.js';

const ROOT = join(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/** The ```ts blocks of docs/library.md, each a whole program. */
const programs = [...readFileSync(join(ROOT, 'docs/library.md'), 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map(
  (m) => m[1],
);

describe('the package as a library, from a packed tarball', () => {
  let consumer = '';
  let packed: { filename: string; files: { path: string }[] };

  beforeAll(() => {
    const work = mkdtempSync(join(tmpdir(), 'bottle-imp-library-'));
    // --ignore-scripts: dist/ is built already (as for every test of the compiled CLI),
    // and `prepare` would build it again, web client and all.
    const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    packed = JSON.parse(out)[0];
    consumer = join(work, 'consumer');
    const installed = join(consumer, 'node_modules', 'bottle-imp');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', installed, '--strip-components=1']);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    // A strict NodeNext project, as a TypeScript user of the package has; the package's
    // declarations are checked too (no skipLibCheck).
    const compilerOptions = {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      lib: ['es2022'],
      strict: true,
      typeRoots: [join(ROOT, 'node_modules/@types')],
      types: ['node'],
    };
    programs.forEach((program, i) => {
      writeFileSync(join(consumer, `program-${i + 1}.ts`), program);
    });
    writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
  }, 120_000);

  test('the tarball holds the compiled entry points with their declarations, and no sources', () => {
    const files = packed.files.map((f) => f.path);
    for (const part of ['engine', 'bots', 'record'])
      for (const file of ['index.js', 'index.d.ts']) expect(files).toContain(`dist/${part}/${file}`);
    expect(files).toContain('dist/cli/main.js');
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('test/'))).toEqual([]);
  });

  test("docs/library.md's programs type-check against the package and play their games", () => {
    expect(programs).toHaveLength(2);
    const compiled = spawnSync(process.execPath, [TSC, '-p', consumer], { encoding: 'utf8' });
    expect(compiled.stdout + compiled.stderr).toBe('');
    expect(compiled.status).toBe(0);

    const run = (file: string) => {
      const r = spawnSync(process.execPath, [file], { cwd: consumer, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      return JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    };
    // The ten lines: a whole game, printed as a record that replays to its end.
    const record: GameRecord = run('program-1.js');
    expect(record.players).toEqual(['Ann', 'Bob', 'Cid', 'Dee']);
    const replayed = replayRecord(record);
    if (!replayed.ok) throw new Error(replayed.error);
    expect(replayed.value.finished).toBe(true);
    // The hand-driven loop: two rounds of three players to the end.
    const own = run('program-2.js');
    expect(own.decisions).toBeGreaterThan(2 * 3 * 5);
    expect(own.totals).toHaveLength(3);
    expect(own.winners.length).toBeGreaterThan(0);
  }, 120_000);

  test('the exports map closes everything but the three entry points', () => {
    const probe = (specifier: string) =>
      spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import(${JSON.stringify(specifier)}).then((m) => console.log(Object.keys(m).length), (e) => console.log(e.code))`,
        ],
        { cwd: consumer, encoding: 'utf8' },
      ).stdout.trim();
    for (const part of ['engine', 'bots', 'record']) expect(Number(probe(`bottle-imp/${part}`))).toBeGreaterThan(0);
    expect(probe('bottle-imp/dist/engine/game.js')).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
    expect(probe('bottle-imp')).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });
});
