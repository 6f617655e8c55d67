import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives a fresh v4 UUID each time', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(V4);
    expect(newIdempotencyKey()).not.toBe(first);
  });

  it('builds a v4 UUID from random bytes where randomUUID is missing (plain http)', () => {
    const getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array) array.fill(0xff);
      return array;
    };
    vi.stubGlobal('crypto', { getRandomValues });
    expect(newIdempotencyKey()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
