import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './harness.js';

describe('the production bundle', () => {
  it('ships within its budget of gzipped JavaScript (npm run build first)', () => {
    const out = execFileSync(process.execPath, [path.join(ROOT, 'src/web/tools/bundle-size.mjs')], {
      encoding: 'utf8',
    });
    // The budgets are the tool's own (one place), and it prints them.
    const report = JSON.parse(out) as {
      gzipBytes: number;
      budgetKiB: number;
      localeBudgetKiB: number;
      workerBudgetKiB: number;
      files: { file: string }[];
      locales: { file: string; gzipBytes: number }[];
      workers: { file: string; gzipBytes: number }[];
    };
    expect(report.files.length).toBeGreaterThan(0);
    expect(report.gzipBytes).toBeLessThan(report.budgetKiB * 1024);
    // Each language fetched on demand is its own small file, outside the total.
    expect(report.locales).toHaveLength(6);
    for (const locale of report.locales) expect(locale.gzipBytes).toBeLessThan(report.localeBudgetKiB * 1024);
    // The offline game's worker (engine, bots, analysis) is fetched only when an offline game starts.
    expect(report.workers).toHaveLength(1);
    expect(report.workers[0].gzipBytes).toBeLessThan(report.workerBudgetKiB * 1024);
    expect(report.files.map((f) => f.file).filter((f) => f.includes('worker'))).toEqual([]);
  });
});
