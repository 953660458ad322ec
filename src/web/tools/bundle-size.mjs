// Measures the production bundle the way browsers download it: every JavaScript file in
// dist/web, gzipped at level 9. Prints JSON; exits 1 when the total passes the budget.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dir = fileURLToPath(new URL('../../../dist/web/assets', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
const sizes = files.map((f) => {
  const raw = readFileSync(path.join(dir, f));
  return { file: f, bytes: raw.length, gzipBytes: gzipSync(raw, { level: 9 }).length };
});
const gzipBytes = sizes.reduce((sum, s) => sum + s.gzipBytes, 0);
console.log(
  JSON.stringify(
    { files: sizes, gzipBytes, gzipKiB: Math.round((gzipBytes / 1024) * 10) / 10, budgetKiB: BUDGET_BYTES / 1024 },
    null,
    2,
  ),
);
if (gzipBytes > BUDGET_BYTES) process.exit(1);
