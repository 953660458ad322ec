#!/usr/bin/env node
/**
 * `npm start`'s prestart and `npm test`'s pretest: build only when the build is missing or
 * older than a source. (`npm ci` has just built through `prepare`, so CI's `npm test` does
 * not build a second time.)
 * The build's outputs (dist/server/main.js, dist/cli/main.js, dist/web/index.html) are
 * all rewritten by every build, so the oldest of them dates the build; any file under
 * src/ or any build setting changed after it means a rebuild. A fresh checkout or a
 * `git pull` touches the files it writes, so it rebuilds; starting again does not.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outputs = ['dist/server/main.js', 'dist/cli/main.js', 'dist/web/index.html'];
const settings = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.build.json'];

function mtime(file) {
  try {
    return statSync(join(root, file)).mtimeMs;
  } catch {
    return null;
  }
}

/** The newest modification time of any file under dir. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

const built = outputs.map(mtime);
const reason = built.includes(null)
  ? 'no build yet'
  : Math.max(newest('src'), ...settings.map((f) => mtime(f) ?? 0)) > Math.min(...built)
    ? 'sources changed since the last build'
    : null;

if (reason === null) {
  console.log('bottle-imp: the build is up to date (npm run build forces one)');
} else {
  console.log(`bottle-imp: building (${reason})`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
}
