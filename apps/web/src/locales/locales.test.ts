import { describe, expect, it } from 'vitest';
import { LANGUAGES, errorCodes } from '@spm/contract';
import { locales } from '@/shared/i18n/i18n';
import { routeTable } from '@/app/routes/route-table';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? { ...flat, [path]: value }
      : { ...flat, ...flatten(value, path) };
  }, {});
}

const flat = Object.fromEntries(
  LANGUAGES.map((code) => [code, flatten(locales[code] as unknown as Tree)]),
) as Record<(typeof LANGUAGES)[number], Record<string, string>>;
const englishKeys = Object.keys(flat.en).sort();

describe('locale files (SPEC 1)', () => {
  it.each(LANGUAGES)('%s has exactly the English key set', (code) => {
    expect(Object.keys(flat[code]).sort()).toEqual(englishKeys);
  });

  it.each(LANGUAGES)('%s has no empty strings', (code) => {
    expect(Object.entries(flat[code]).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it.each(LANGUAGES.filter((code) => code !== 'en'))(
    '%s is a real translation, not an English copy',
    (code) => {
      const same = englishKeys.filter((key) => flat[code][key] === flat.en[key]);
      // Brand and game names (Jetfair, Aviator, Casino…) may stay as they are.
      expect(same.length / englishKeys.length).toBeLessThan(0.1);
    },
  );

  it.each(LANGUAGES)('%s keeps the interpolation placeholders', (code) => {
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
    for (const key of englishKeys) {
      expect([key, placeholders(flat[code][key] ?? '')]).toEqual([
        key,
        placeholders(flat.en[key] ?? ''),
      ]);
    }
  });

  it('translates every error code of the contract catalogue', () => {
    for (const code of errorCodes) expect(flat.en).toHaveProperty([`errors.${code}`]);
  });

  it('has a title for every route', () => {
    for (const route of routeTable) expect(flat.en).toHaveProperty([route.titleKey]);
  });
});
