import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The built-in texts of the content pages: every page in every language, each a real markdown
 * page (a title first, no raw HTML), and each translation with the sections the English text
 * has, so a section left out of one language fails here.
 */

const SLUGS = ['contact', 'privacy', 'responsible-gaming', 'fair-play', 'game-rules', 'terms'];
const LANGUAGES = ['en', 'hi', 'fr', 'es', 'te', 'ta', 'mr', 'kn'];
const TOKENS = [
  'BRAND_NAME',
  'WHATS_APP_URL',
  'TELEGRAM',
  'INSTATGRAM',
  'FACEBOOK',
  'GRIEVANCE_OFFICER_NAME',
  'GRIEVANCE_OFFICER_EMAIL',
  'GRIEVANCE_OFFICER_PHONE',
];

function defaultsPath(slug: string, language: string): string {
  return fileURLToPath(new URL(`./defaults/${slug}/${language}.md`, import.meta.url));
}

function read(slug: string, language: string): string {
  return readFileSync(defaultsPath(slug, language), 'utf8');
}

function sectionCount(text: string): number {
  return text.split('\n').filter((line) => line.startsWith('## ')).length;
}

describe('content page defaults', () => {
  it('has every page in every language', () => {
    const missing = SLUGS.flatMap((slug) =>
      LANGUAGES.filter((language) => !existsSync(defaultsPath(slug, language))).map(
        (language) => `${slug}/${language}.md`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it.each(SLUGS.flatMap((slug) => LANGUAGES.map((language) => [slug, language])))(
    '%s/%s.md starts with a title, has no HTML and only known tokens',
    (slug, language) => {
      const text = read(slug, language);
      expect(text.startsWith('# ')).toBe(true);
      expect(text).not.toMatch(/<\/?[a-zA-Z!]/);
      const tokens = [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((match) => match[1]);
      expect(tokens.filter((token) => !TOKENS.includes(token ?? ''))).toEqual([]);
    },
  );

  it.each(SLUGS)('%s has as many sections in every language as in English', (slug) => {
    const english = sectionCount(read(slug, 'en'));
    expect(english).toBeGreaterThan(1);
    const counts = Object.fromEntries(
      LANGUAGES.map((language) => [language, sectionCount(read(slug, language))]),
    );
    expect(counts).toEqual(Object.fromEntries(LANGUAGES.map((language) => [language, english])));
  });

  it('is not an English copy: each translation differs from English', () => {
    const copies = SLUGS.flatMap((slug) =>
      LANGUAGES.filter(
        (language) => language !== 'en' && read(slug, language) === read(slug, 'en'),
      ).map((language) => `${slug}/${language}.md`),
    );
    expect(copies).toEqual([]);
  });
});
