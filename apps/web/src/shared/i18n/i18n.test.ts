import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@spm/contract';
import { changeLanguage, i18n, loadLocale } from './i18n';

// Issue 11: English is bundled, every other language is fetched when chosen.
describe('i18n resource loading', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('starts with English only', () => {
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    for (const language of LANGUAGES.filter((code) => code !== 'en')) {
      expect(i18n.hasResourceBundle(language, 'translation'), language).toBe(false);
    }
  });

  it('loads a language when it is chosen, then translates with it', async () => {
    const english = i18n.t('routes.profile');
    await changeLanguage('hi');
    expect(i18n.hasResourceBundle('hi', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('ta', 'translation')).toBe(false);
    expect(i18n.language).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(i18n.t('routes.profile')).not.toBe(english);
  });

  it('has a file for every language', async () => {
    for (const language of LANGUAGES) {
      await expect(loadLocale(language)).resolves.toHaveProperty('routes');
    }
  });
});
