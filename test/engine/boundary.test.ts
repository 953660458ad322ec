/**
 * The engine's public face is src/engine/index.ts: no module outside src/engine imports
 * one of its files directly, so the fast core's internals stay the engine's own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

test('outside src/engine, every import of the engine goes through src/engine/index.ts', () => {
  const reaching: string[] = [];
  for (const file of sources(SRC)) {
    if (relative(SRC, file).startsWith('engine/')) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/from '((?:\.\.?\/)+engine\/[^']+)'/g)) {
      if (!m[1].endsWith('engine/index.js')) reaching.push(`${relative(SRC, file)}: ${m[1]}`);
    }
  }
  expect(reaching).toEqual([]);
});
