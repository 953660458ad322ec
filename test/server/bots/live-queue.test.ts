/**
 * Hints never starve live games (issue 29), as a mechanism: the order in which the bot
 * pool hands live jobs to its threads (src/server/bots/live-queue.ts), driven job by job
 * with threads that answer only when the test says. Bot turns go before every hint, hints
 * hold at most half of the threads (one of one), and so a bot turn asked during a flood of
 * hints starts at once on a thread no hint holds. How long bot moves take beside a real
 * flood is a figure, not a test: `npm run bench:hints`, in BENCHMARKS.md.
 */
import { describe, expect, test } from 'vitest';
import { LiveQueue } from '../../../src/server/bots/live-queue.js';

interface Job {
  readonly kind: 'hint' | 'decide';
  readonly id: string;
}

/** Threads that start each job they are handed and finish it when the test says. */
function threads() {
  const running = new Map<string, { resolve: (r: string) => void; reject: (e: Error) => void }>();
  const started: string[] = [];
  return {
    started,
    running: () => [...running.keys()],
    run: (job: Job) =>
      new Promise<string>((resolve, reject) => {
        started.push(job.id);
        running.set(job.id, { resolve, reject });
      }),
    async finish(id: string) {
      running.get(id)?.resolve(`${id} done`);
      running.delete(id);
      // The queue hands out the next job once the answer has gone through its promises.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

const hint = (n: number): Job => ({ kind: 'hint', id: `hint${n}` });
const turn = (n: number): Job => ({ kind: 'decide', id: `turn${n}` });

describe('the live queue of two threads', () => {
  test('a flood of hints holds one thread: a bot turn asked after it starts at once', async () => {
    const t = threads();
    const q = new LiveQueue<Job, string>(2, t.run);
    const hints = [1, 2, 3, 4, 5].map((n) => q.submit(hint(n)));
    expect(t.running()).toEqual(['hint1']);
    const answer = q.submit(turn(1));
    expect(t.running()).toEqual(['hint1', 'turn1']);
    await t.finish('turn1');
    expect(await answer).toBe('turn1 done');
    // The second thread is not given to a hint while one holds the other.
    expect(t.running()).toEqual(['hint1']);
    await t.finish('hint1');
    expect(t.running()).toEqual(['hint2']);
    for (const n of [2, 3, 4, 5]) await t.finish(`hint${n}`);
    expect(await Promise.all(hints)).toEqual([1, 2, 3, 4, 5].map((n) => `hint${n} done`));
  });

  test('when a thread frees, waiting bot turns go before waiting hints', async () => {
    const t = threads();
    const q = new LiveQueue<Job, string>(2, t.run);
    void q.submit(turn(1));
    void q.submit(turn(2));
    void q.submit(hint(1));
    void q.submit(turn(3));
    expect(t.running()).toEqual(['turn1', 'turn2']);
    await t.finish('turn1');
    expect(t.running()).toEqual(['turn2', 'turn3']);
    await t.finish('turn2');
    expect(t.running()).toEqual(['turn3', 'hint1']);
    expect(t.started).toEqual(['turn1', 'turn2', 'turn3', 'hint1']);
  });
});

describe('the live queue of one thread', () => {
  test('hints may use the one thread, but a waiting bot turn is next', async () => {
    const t = threads();
    const q = new LiveQueue<Job, string>(1, t.run);
    void q.submit(hint(1));
    void q.submit(hint(2));
    void q.submit(turn(1));
    expect(t.running()).toEqual(['hint1']);
    await t.finish('hint1');
    expect(t.running()).toEqual(['turn1']);
  });

  test('closed, it refuses what waits and what comes; what runs finishes', async () => {
    const t = threads();
    const q = new LiveQueue<Job, string>(1, t.run);
    const running = q.submit(turn(1));
    const waiting = q.submit(hint(1));
    q.close(new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
    await expect(q.submit(turn(2))).rejects.toThrow('closed');
    await t.finish('turn1');
    expect(await running).toBe('turn1 done');
    expect(t.started).toEqual(['turn1']);
  });
});
