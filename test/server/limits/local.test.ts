/**
 * Limits counted by one process (rate-limiter-flexible's memory limiter), on fake time:
 * the window a key's first point starts, its points, and what comes back when it ends.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configFromEnv } from '../../../src/server/config.js';
import { localLimiter } from '../../../src/server/limits/limiter.js';
import { limiters } from '../../../src/server/limits/limits.js';

async function takes(take: (key: string) => Promise<boolean>, key: string, n: number): Promise<boolean[]> {
  const taken = [];
  for (let i = 0; i < n; i++) taken.push(await take(key));
  return taken;
}

describe('a limit counted in memory', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a new key may spend its whole window at once, then waits for the window to end', async () => {
    const one = localLimiter({ points: 1, seconds: 10 });
    expect(await takes(one.take, 'a', 2)).toEqual([true, false]);
    const three = localLimiter({ points: 3, seconds: 10 });
    expect(await takes(three.take, 'b', 4)).toEqual([true, true, true, false]);
    vi.advanceTimersByTime(9_900);
    expect(await three.take('b')).toBe(false);
    vi.advanceTimersByTime(100);
    expect(await takes(three.take, 'b', 4)).toEqual([true, true, true, false]);
  });

  it('keys do not share a window', async () => {
    const limiter = localLimiter({ points: 1, seconds: 10 });
    expect(await limiter.take('a')).toBe(true);
    expect(await limiter.take('b')).toBe(true);
    expect(await limiter.take('a')).toBe(false);
  });

  it("the server's limits: a burst of the configured size, then the rate over each window", async () => {
    const config = configFromEnv({ SOCKET_RATE_PER_SECOND: '20', HTTP_RATE_PER_MINUTE: '60', HINTS_PER_MINUTE: '3' });
    const limits = limiters(config);
    // Messages per connection: two seconds' worth at once, back two seconds later.
    expect((await takes(limits.messages.take, 'c', 41)).filter(Boolean)).toHaveLength(40);
    vi.advanceTimersByTime(2000);
    expect(await limits.messages.take('c')).toBe(true);
    // table:watch: five in a row, then the window of five seconds.
    expect(await takes(limits.watches.take, 'c', 6)).toEqual([true, true, true, true, true, false]);
    // The API: ten seconds' worth at once (a burst of ten at 60 a minute), refused for the rest of the window.
    expect((await takes(limits.api.take, '10.0.0.1', 11)).filter(Boolean)).toHaveLength(10);
    expect(limits.apiWindowSeconds).toBe(10);
    // Hints: a minute's worth, then a minute.
    expect(await takes(limits.hints.take, '10.0.0.1', 4)).toEqual([true, true, true, false]);
    vi.advanceTimersByTime(59_000);
    expect(await limits.hints.take('10.0.0.1')).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(await limits.hints.take('10.0.0.1')).toBe(true);
  });
});
