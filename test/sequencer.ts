/**
 * The order test files start in (vitest.config.ts): vitest's own (files that failed last
 * time first, then the longest by the last run, or the largest on a fresh clone), except
 * that the files driving a browser (test/e2e) and those starting a cluster
 * (test/server/cluster) go first, taking turns. They are the longest, so starting them
 * first keeps a long one from being the last to run alone; taking turns means the
 * workers (five on two cores) mostly run browsers beside clusters, not all browsers or
 * all clusters at once.
 * Projects still run in their own groups (groupOrder): this only orders within them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const HEAVY = ['/test/e2e/', '/test/server/cluster/'] as const;

export class HeavyFirstApart extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const heavy = HEAVY.map((dir) => sorted.filter((spec) => spec.moduleId.includes(dir)));
    const turns: TestSpecification[] = [];
    for (let i = 0; i < Math.max(...heavy.map((kind) => kind.length)); i++)
      for (const kind of heavy) if (i < kind.length) turns.push(kind[i]);
    return [...turns, ...sorted.filter((spec) => !turns.includes(spec))];
  }
}
