/**
 * Frozen bot baselines (bench/strength/baselines.json): a name such as `bots-v1`, or any
 * git revision, becomes the compiled `src/engine` + `src/bots` of that commit, so the
 * working tree's bots can play against them in the same process. The sources come from
 * git (so the clone needs the commit: a shallow clone fails with a clear message), are
 * transpiled with TypeScript (type-checking was done when they were committed) into
 * node_modules/.cache/bottle-imp/baselines/<commit>/, and are reused from there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bot, BotName, BotOptions } from '../../bots/index.js';
import type { Action, Game, TableView } from '../../engine/index.js';
import type { BotLevel } from '../../values/index.js';
import { ArgError } from '../io.js';

/** The checkout this CLI was built from (dist/cli/tournament → three levels up). */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BASELINES_FILE = join(ROOT, 'bench/strength/baselines.json');

export interface Baseline {
  /** As given: a name from baselines.json or a git revision. */
  readonly ref: string;
  readonly commit: string;
  /** Directory holding the compiled engine/ and bots/ of the commit. */
  readonly dir: string;
}

/**
 * A frozen bot. Bots before issue 22 choose from every legal action they are handed (and
 * need the list); later ones decide from the view alone and ignore it.
 */
export interface BaselineBot {
  readonly name: string;
  decide(view: TableView, legal: readonly Action[]): Action;
}

/** What the harness uses of a baseline's src/bots/index.ts. */
export interface BaselineBots {
  createBot(name: BotName, options: BotOptions): BaselineBot;
  botForLevel(level: BotLevel, seed: number): BaselineBot;
}

/** A frozen bot playing `game`, handed its seat's legal actions as its version expects. */
export function baselineBotOn(bot: BaselineBot, game: Game): Bot {
  return { name: bot.name, decide: (view) => bot.decide(view, game.legalActions(view.viewer!)) };
}

function git(args: string[]): string {
  return execFileSync('git', ['-C', ROOT, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
  });
}

/** The commit a baseline name or revision stands for, or an ArgError that says why not. */
export function resolveBaselineCommit(ref: string): string {
  const named = (JSON.parse(readFileSync(BASELINES_FILE, 'utf8')) as Record<string, string>)[ref];
  const rev = named ?? ref;
  try {
    git(['rev-parse', '--git-dir']);
  } catch {
    throw new ArgError(`--baseline needs the git history of the project, and ${ROOT} is not a git checkout`);
  }
  try {
    return git(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]).trim();
  } catch {
    const shallow = git(['rev-parse', '--is-shallow-repository']).trim() === 'true';
    if (shallow)
      throw new ArgError(
        `baseline "${ref}" (${rev}) is not in this clone, which is shallow: run "git fetch --unshallow" (in CI: fetch the full history)`,
      );
    throw new ArgError(
      `unknown baseline "${ref}": neither a name in bench/strength/baselines.json nor a commit of this repository`,
    );
  }
}

/** Resolve, extract and compile a baseline (once per commit; later runs reuse the cache). */
export async function prepareBaseline(ref: string): Promise<Baseline> {
  const commit = resolveBaselineCommit(ref);
  const dir = join(ROOT, 'node_modules/.cache/bottle-imp/baselines', commit);
  if (!existsSync(join(dir, 'bots/index.js'))) await compile(commit, dir);
  return { ref, commit, dir };
}

async function compile(commit: string, dir: string): Promise<void> {
  let ts: typeof import('typescript');
  try {
    ts = (await import('typescript')).default;
  } catch {
    throw new ArgError('--baseline compiles the baseline with TypeScript, a dev dependency: run "npm ci" first');
  }
  const files = git(['ls-tree', '-r', '--name-only', commit, 'src/engine', 'src/bots'])
    .split('\n')
    .filter((f) => f.endsWith('.ts'));
  if (!files.some((f) => f === 'src/bots/index.ts'))
    throw new ArgError(`commit ${commit} has no src/bots/index.ts to play against`);
  // Build beside the cache entry and rename at the end, so a half-built entry is never used.
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  for (const file of files) {
    const source = git(['show', `${commit}:${file}`]);
    const out = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      fileName: file,
    });
    const target = join(building, file.replace(/^src\//, '').replace(/\.ts$/, '.js'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, out.outputText);
  }
  writeFileSync(join(building, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(dirname(dir), { recursive: true });
  try {
    renameSync(building, dir);
  } catch (e) {
    // Another run compiled the same commit meanwhile: use theirs.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(dir, 'bots/index.js'))) throw e;
  }
}

/** Load a prepared baseline's bots (in a worker thread, beside the working tree's). */
export async function loadBaselineBots(dir: string): Promise<BaselineBots> {
  return (await import(pathToFileURL(join(dir, 'bots/index.js')).href)) as BaselineBots;
}
