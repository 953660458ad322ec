import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { HeavyFirstApart } from './test/sequencer.js';

/**
 * Three projects; `npm test` runs them all, `npm run test:unit` the first and
 * `npm run test:integration` the other two.
 * - unit: tests in the test process (with worker threads of the built bots and the built
 *   command line at most): the engine, bots, analysis, records, command line, web
 *   components and the documents. CPU-bound: one file per core.
 * - integration: the server as a child process on loopback, PostgreSQL, Redis, nginx
 *   clusters, Chromium. One file per core as well, and no more: a file may start several
 *   server processes and nginx, or a browser, and its timing checks (leases, failover,
 *   turn clocks, hint flood) must keep their margins on a 2-core machine, so at most two
 *   such files share the machine.
 * - integration-alone: the integration files whose claim is a time ratio against the same
 *   server when quiet (hint-flood: bot moves under a flood of hints within twice their
 *   quiet time). A neighbouring file loads the machine in bursts that the ratio would
 *   count, so these run last, one at a time, with the machine to themselves.
 * The unit files run first, then the integration files (`groupOrder`), so the heavy files
 * never compete with the CPU-bound ones; among these, the browser and cluster files start
 * first, taking turns (test/sequencer.ts). (vitest's own default is one file at a time on
 * 2 cores: available parallelism minus one.)
 */
const cores = os.availableParallelism();

const INTEGRATION = ['test/server/**', 'test/e2e/**', 'test/start/**'];
const ALONE = ['test/server/hint-flood.test.ts'];

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
          exclude: [...configDefaults.exclude, ...ALONE],
          maxWorkers: cores,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-alone',
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
