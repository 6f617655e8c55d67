import { describe, expect, it } from 'vitest';
import { objectWith } from './objects.ts';

describe('objectWith', () => {
  it('answers what the spread answers, without touching its arguments', () => {
    const base = { a: 1, b: 'two', c: 3n };
    const extra = { b: 'changed', d: [4] };
    const made = objectWith(base, extra);
    expect(made).toEqual({ ...base, ...extra });
    expect(Object.keys(made)).toEqual(Object.keys({ ...base, ...extra }));
    expect(made).not.toBe(base);
    expect(base).toEqual({ a: 1, b: 'two', c: 3n });
    expect(extra).toEqual({ b: 'changed', d: [4] });
  });

  it('leaves out nothing the base has and the extra does not name', () => {
    const optional: { b?: string } = {};
    expect(objectWith({ a: 1, b: 'kept' }, optional)).toEqual({ a: 1, b: 'kept' });
    expect(objectWith({ a: 1 }, { b: undefined })).toEqual({ a: 1, b: undefined });
  });
});
