import { describe, expect, it } from 'vitest';
import { detectImageType } from './files.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('detectImageType', () => {
  it.each([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['webp', bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50, 0x56), 'image/webp'],
  ])('knows %s by its first bytes', (_name, input, expected) => {
    expect(detectImageType(input)).toBe(expected);
  });

  it.each([
    ['a PDF', bytes(0x25, 0x50, 0x44, 0x46, 0x2d)],
    ['a GIF', bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61)],
    [
      'RIFF that is not WebP (WAV)',
      bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45),
    ],
    ['text claiming to be an image', bytes(...Array.from('<svg xmlns', (c) => c.charCodeAt(0)))],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e)],
    ['nothing', bytes()],
  ])('refuses %s', (_name, input) => {
    expect(detectImageType(input)).toBeNull();
  });
});
