import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../audit/audit-tables.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { call } from '../../test/identity.ts';
import { adminToken, staffMemberWithToken } from '../../test/staff.ts';
import { setAppSetting } from '../site/index.ts';
import { parseDefaultFile } from './content-defaults.ts';
import { contentVersions } from './tables.ts';

/** Issue 44 item 1: content pages, published per language, with English and built-in fallbacks. */
describe.each(drivers)('content pages on %s', (driver) => {
  const h = useHarness(driver);

  const read = async (slug: string, lang?: string) => {
    const res = await call(h, 'GET', `/api/content/${slug}${lang ? `?lang=${lang}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const staff = (token: string) => ({
    save: (slug: string, language: string, body: unknown) =>
      call(h, 'PUT', `/api/staff/content/${slug}/${language}/draft`, body, { token }),
    publish: (slug: string, language: string, version: number) =>
      call(
        h,
        'POST',
        `/api/staff/content/${slug}/${language}/versions/${version}/publish`,
        {},
        {
          token,
        },
      ),
    history: (slug: string, language: string) =>
      call(h, 'GET', `/api/staff/content/${slug}/${language}`, undefined, { token }),
  });
  const publishText = async (token: string, slug: string, language: string, text: object) => {
    const saved = await staff(token).save(slug, language, text);
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await staff(token).publish(slug, language, saved.json().data.version);
    expect(published.statusCode, published.body).toBe(200);
    return published.json().data;
  };

  it('answers the built-in text of the language with the settings filled in', async () => {
    await setAppSetting(h.db, 'BRAND_NAME', 'Lucky Sixer');
    const page = await read('terms', 'ta');
    expect(page).toMatchObject({
      slug: 'terms',
      language: 'ta',
      source: 'default',
      version: null,
      title: 'விதிமுறைகள் மற்றும் நிபந்தனைகள்',
    });
    expect(page.body).toContain('உங்களுக்கும் Lucky Sixer க்கும்');
    expect(page.body).not.toContain('{{');
    const english = await read('terms');
    expect(english).toMatchObject({ language: 'en', title: 'Terms and conditions' });
    expect(english.body).toContain('between you and Lucky Sixer.');
  });

  it('publishes a draft: the language gets it, others fall back to English; history keeps the publisher', async () => {
    const token = await adminToken(h);
    const english = await publishText(token, 'fair-play', 'en', {
      title: 'Fair play',
      body: 'Fair for all at {{BRAND_NAME}}. {{NOT_A_SETTING}} stays.',
    });
    expect(english).toMatchObject({ version: 1, status: 'published', publishedBy: 'admin' });
    const fallback = await read('fair-play', 'hi');
    expect(fallback).toMatchObject({ language: 'en', source: 'published', version: 1 });
    expect(fallback.body).toBe('Fair for all at Lucky Sixer. {{NOT_A_SETTING}} stays.');

    await publishText(token, 'fair-play', 'hi', { title: 'निष्पक्ष खेल', body: 'पहला' });
    await publishText(token, 'fair-play', 'hi', { title: 'निष्पक्ष खेल', body: 'दूसरा' });
    // A draft waiting is not what players see.
    expect(
      (await staff(token).save('fair-play', 'hi', { title: 'x', body: 'तीसरा' })).statusCode,
    ).toBe(200);
    expect(await read('fair-play', 'hi')).toMatchObject({
      language: 'hi',
      source: 'published',
      version: 2,
      title: 'निष्पक्ष खेल',
      body: 'दूसरा',
    });

    const history = (await staff(token).history('fair-play', 'hi')).json().data;
    expect(history.total).toBe(3);
    expect(
      history.items.map((v: { version: number; status: string; body: string }) => [
        v.version,
        v.status,
        v.body,
      ]),
    ).toEqual([
      [3, 'draft', 'तीसरा'],
      [2, 'published', 'दूसरा'],
      [1, 'published', 'पहला'],
    ]);
    expect(history.items[1]).toMatchObject({ publishedBy: 'admin', createdBy: 'admin' });
    expect(history.items[1].publishedAt).toBe(h.clock.now().toISOString());

    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.publish'), eq(auditLog.targetId, 'fair-play/hi')));
    expect(audit).toHaveLength(2);

    // Publishing twice is refused.
    expect((await staff(token).publish('fair-play', 'hi', 2)).statusCode).toBe(409);
    expect((await staff(token).publish('fair-play', 'hi', 9)).statusCode).toBe(404);

    const grid = (await call(h, 'GET', '/api/staff/content', undefined, { token })).json().data;
    const fairPlay = grid.pages.find((p: { slug: string }) => p.slug === 'fair-play');
    expect(fairPlay.path).toBe('/fairplay');
    expect(fairPlay.languages.find((l: { language: string }) => l.language === 'hi')).toMatchObject(
      {
        published: { version: 2, by: 'admin' },
        draft: { version: 3, by: 'admin' },
      },
    );
  });

  it('refuses bad input with 400 and changes nothing; agents and players are refused', async () => {
    const token = await adminToken(h);
    const before = await h.db.select().from(contentVersions);
    const bad = [
      staff(token).save('terms', 'en', { title: '', body: 'text' }),
      staff(token).save('terms', 'en', { title: 'T', body: '   ' }),
      staff(token).save('terms', 'en', { title: 'T', body: 'x'.repeat(100_001) }),
      staff(token).save('terms', 'xx', { title: 'T', body: 'text' }),
      staff(token).save('nope', 'en', { title: 'T', body: 'text' }),
      staff(token).save('terms', 'en', { title: 'T', body: 'text', extra: 1 }),
    ];
    for (const res of await Promise.all(bad)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: true, errorCode: 'VALIDATION_FAILED' });
    }
    expect((await call(h, 'GET', '/api/content/nope')).statusCode).toBe(400);
    expect((await call(h, 'GET', '/api/content/terms?lang=xx')).statusCode).toBe(400);

    const agent = await staffMemberWithToken(h, { role: 'agent' });
    expect(
      (await staff(agent.token).save('terms', 'en', { title: 'T', body: 'b' })).statusCode,
    ).toBe(403);
    expect(
      (await call(h, 'GET', '/api/staff/content', undefined, { token: agent.token })).statusCode,
    ).toBe(403);
    expect((await staff('not-a-token').publish('terms', 'en', 1)).statusCode).toBe(401);
    expect(await h.db.select().from(contentVersions)).toEqual(before);
  });

  it('previews with the settings filled in, storing nothing', async () => {
    const token = await adminToken(h);
    await setAppSetting(h.db, 'GRIEVANCE_OFFICER_EMAIL', 'officer@lucky.example');
    const res = await call(
      h,
      'POST',
      '/api/staff/content/preview',
      { title: '{{BRAND_NAME}}', body: 'Mail {{GRIEVANCE_OFFICER_EMAIL}} {{OTP}}' },
      { token },
    );
    expect(res.json().data).toEqual({
      title: 'Lucky Sixer',
      body: 'Mail officer@lucky.example 0',
    });
    const privacy = await read('privacy', 'kn');
    expect(privacy.body).toContain('officer@lucky.example');
  });

  it('reads a default file: title from the first line, the rest as the body', () => {
    expect(parseDefaultFile('# Fair play\r\n\r\nText\n')).toEqual({
      title: 'Fair play',
      body: 'Text',
    });
    expect(parseDefaultFile('No heading')).toEqual({ title: '', body: 'No heading' });
  });
});
