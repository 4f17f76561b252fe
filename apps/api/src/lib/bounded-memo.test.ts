import { describe, expect, it, vi } from 'vitest';
import { boundedMemo } from './bounded-memo.ts';

describe('boundedMemo', () => {
  it('computes a key once while it is remembered', () => {
    const compute = vi.fn((key: string) => key.toUpperCase());
    const memo = boundedMemo(10, compute);
    expect(memo('a')).toBe('A');
    expect(memo('a')).toBe('A');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('keeps at most `limit` keys, dropping the oldest first', () => {
    const compute = vi.fn((key: string) => `${key}!`);
    const memo = boundedMemo(2, compute);
    memo('a');
    memo('b');
    memo('c');
    expect(compute).toHaveBeenCalledTimes(3);
    memo('c');
    memo('b');
    expect(compute).toHaveBeenCalledTimes(3);
    expect(memo('a')).toBe('a!');
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('does not remember results that `keep` refuses', () => {
    const compute = vi.fn((key: string) => (key.startsWith('ok') ? key : null));
    const memo = boundedMemo(10, compute, (value) => value !== null);
    expect(memo('forged')).toBeNull();
    expect(memo('forged')).toBeNull();
    expect(memo('ok-1')).toBe('ok-1');
    expect(memo('ok-1')).toBe('ok-1');
    expect(compute).toHaveBeenCalledTimes(3);
  });
});
