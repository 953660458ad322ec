import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { HeavyFirstApart } from './test/sequencer.js';

/**
 * Two projects; `npm test` runs both, `npm run test:unit` the first and
 * `npm run test:integration` the second.
 * - unit: tests in the test process (with worker threads of the built bots and the built
 *   command line at most): the engine, bots, analysis, records, command line, web
 *   components and the documents. CPU-bound: one file per core.
 * - integration: the server as a child process on loopback, PostgreSQL, Redis, nginx
 *   clusters, Chromium. One file per core as well, and no more: a file may start several
 *   server processes and nginx, or a browser, and its waits (leases, failover) must keep
 *   their margins on a 2-core machine, so at most two such files share the machine.
 *   (No file asserts a ratio of times: figures go to the benchmarks, BENCHMARKS.md.)
 * The unit files run first, then the integration files (`groupOrder`), so the heavy files
 * never compete with the CPU-bound ones; among these, the browser and cluster files start
 * first, taking turns (test/sequencer.ts). (vitest's own default is one file at a time on
 * 2 cores: available parallelism minus one.)
 */
const cores = os.availableParallelism();

const INTEGRATION = ['test/server/**', 'test/e2e/**', 'test/start/**'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    sequence: { sequencer: HeavyFirstApart },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...INTEGRATION],
          maxWorkers: cores,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION.map((dir) => `${dir}/*.test.ts`),
          maxWorkers: cores,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
