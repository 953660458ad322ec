import { describe, expect, it } from 'vitest';
import { Buckets } from '../../../src/server/realtime/rate-limit.js';

describe('token buckets', () => {
  it('a new key may spend its whole burst at once, then waits for the refill', () => {
    const one = new Buckets(0.1, 1);
    expect(one.take('a')).toBe(true);
    expect(one.take('a')).toBe(false);
    const three = new Buckets(0.1, 3);
    expect([three.take('b'), three.take('b'), three.take('b'), three.take('b')]).toEqual([true, true, true, false]);
  });

  it('keys do not share a bucket', () => {
    const buckets = new Buckets(0.1, 1);
    expect(buckets.take('a')).toBe(true);
    expect(buckets.take('b')).toBe(true);
    expect(buckets.take('a')).toBe(false);
  });
});
