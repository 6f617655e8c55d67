import sharp from 'sharp';

/**
 * A real PNG, the kind of screenshot a player uploads: the server decodes and re-encodes every
 * uploaded image (docs/cashier.md), so bytes that only start like a PNG are refused (415).
 */
export function screenshotPng(side = 16): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 37) % 256;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}
