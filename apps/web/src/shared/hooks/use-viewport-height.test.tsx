import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useViewportHeight } from './use-viewport-height';

const vh = () => document.documentElement.style.getPropertyValue('--vh');

describe('--vh (SPEC 2.4)', () => {
  it('is 1% of the window height and follows resizes', () => {
    window.innerHeight = 800;
    renderHook(() => useViewportHeight());
    expect(vh()).toBe('8px');

    act(() => {
      window.innerHeight = 640;
      window.dispatchEvent(new Event('resize'));
    });
    expect(vh()).toBe('6.4px');
  });
});
