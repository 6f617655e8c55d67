import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { detectImageType, IMAGE_EXTENSIONS } from '@spm/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, makeTempDir, startHarness, type Harness } from '../test/harness.ts';
import { call, registerPlayer } from '../test/identity.ts';
import { multipartBody, pngDeclaring, realImage, type MultipartPart } from '../test/multipart.ts';
import { adminToken } from '../test/staff.ts';

/*
 * Issue 11 item 7, through the routes: a polyglot (a real image with HTML and script
 * appended) sent to each of the four upload routes is stored without the appended bytes,
 * as an image of the same type that still decodes.
 */
const SCRIPT = '<html><script>alert(1)</script></html>';

const polyglot = async (format: 'png' | 'jpeg' | 'webp') =>
  Buffer.concat([await realImage(format, 12), Buffer.from(SCRIPT)]);

describe.each(drivers)('uploads are stored re-encoded on %s', (driver) => {
  let h: Harness;
  let uploads: { dir: string; remove: () => Promise<void> };
  let admin: string;
  let player: string;

  beforeAll(async () => {
    uploads = await makeTempDir('spm-reencode-uploads-');
    h = await startHarness(driver, { env: { UPLOAD_DIR: uploads.dir } });
    admin = await adminToken(h);
    player = (await registerPlayer(h)).token;
  });
  afterAll(async () => {
    await h?.close();
    await uploads?.remove();
  });

  const send = (url: string, token: string, parts: MultipartPart[]) => {
    const { payload, headers } = multipartBody(parts);
    return call(h, 'POST', url, payload, { token, headers });
  };
  const storedNames = async () => (await readdir(uploads.dir).catch(() => [])).sort();

  it('strips bytes appended to PNG, JPEG and WebP on all four upload routes', async () => {
    const answers = [
      await send('/api/deposit/create', player, [
        { name: 'gateway', value: 'm_paytm' },
        { name: 'amount', value: '1000' },
        { name: 'reference', value: `UTR${randomBytes(5).toString('hex')}` },
        { name: 'proof', data: await polyglot('png'), filename: 'proof.png' },
      ]),
      await send('/api/kyc', player, [
        { name: 'docType', value: '0' },
        {
          name: 'front',
          data: await polyglot('jpeg'),
          filename: 'f.jpg',
          contentType: 'image/jpeg',
        },
        {
          name: 'back',
          data: await polyglot('webp'),
          filename: 'b.webp',
          contentType: 'image/webp',
        },
      ]),
      await send('/api/staff/banners', admin, [
        { name: 'title', value: 'Polyglot' },
        { name: 'order', value: '1' },
        { name: 'enabled', value: 'true' },
        {
          name: 'image',
          data: await polyglot('webp'),
          filename: 'b.webp',
          contentType: 'image/webp',
        },
      ]),
      await send('/api/staff/gateways/m_bkash/qr', admin, [
        { name: 'qr', data: await polyglot('jpeg'), filename: 'qr.jpg', contentType: 'image/jpeg' },
      ]),
    ];
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const names = await storedNames();
    expect(names).toHaveLength(5);
    const extensions = names.map((name) => name.split('.').pop()).sort();
    expect(extensions).toEqual(['jpg', 'jpg', 'png', 'webp', 'webp']);
    for (const name of names) {
      const bytes = await readFile(join(uploads.dir, name));
      expect(bytes.includes('<script'), name).toBe(false);
      expect(bytes.includes('<html'), name).toBe(false);
      const mime = detectImageType(bytes);
      expect(mime && IMAGE_EXTENSIONS[mime], name).toBe(name.split('.').pop());
      expect((await sharp(bytes).metadata()).width, name).toBe(12);
    }

    // What the public QR route serves is the clean file too.
    const served = await call(h, 'GET', '/api/gateways/m_bkash/qr');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.includes('<script')).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('refuses an image that does not decode (415) and a pixel bomb (413), storing nothing', async () => {
    const before = await storedNames();
    const png = await realImage('png', 4);
    const broken = Buffer.concat([png.subarray(0, 16), randomBytes(200)]);
    const undecodable = await send('/api/staff/gateways/m_paytm/qr', admin, [
      { name: 'qr', data: broken, filename: 'qr.png' },
    ]);
    expect(undecodable.statusCode, undecodable.body).toBe(415);
    expect(undecodable.json()).toMatchObject({
      error: true,
      errorCode: 'UNSUPPORTED_MEDIA_TYPE',
      data: { issues: [{ field: 'qr' }] },
    });

    // A header claiming 100,000 x 100,000 pixels: refused before anything is decoded.
    const tooBig = await send('/api/staff/gateways/m_paytm/qr', admin, [
      { name: 'qr', data: pngDeclaring(100_000, 100_000), filename: 'qr.png' },
    ]);
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    expect(tooBig.json()).toMatchObject({
      errorCode: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('megapixels'),
      data: { issues: [{ field: 'qr' }] },
    });
    expect(await storedNames()).toEqual(before);
  });
});
