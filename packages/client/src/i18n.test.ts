import { describe, expect, it } from 'vitest';
import type { ResourceKey } from 'i18next';
import { catalogueText, createI18n } from './i18n.ts';
import { activeLanguage } from './language.ts';

function setup() {
  const loaded: string[] = [];
  const file = (path: string, resources: ResourceKey) => ({
    [path]: async () => {
      loaded.push(path);
      return resources;
    },
  });
  const app = createI18n({
    storageKey: 'test-language',
    english: {
      translation: { hello: 'Hello', only: 'Only in English', errors: { NOPE: 'Not allowed' } },
      ops: { queue: 'Queue' },
    },
    files: {
      translation: file('../locales/hi.json', { hello: 'नमस्ते', errors: { NOPE: 'अनुमति नहीं' } }),
      ops: file('../locales/ops/hi.json', { queue: 'कतार' }),
    },
  });
  return { app, loaded };
}

describe('createI18n', () => {
  it('starts in English with nothing fetched, and is the formatters’ language source', () => {
    const { app, loaded } = setup();
    const i18n = app.initI18n();
    expect(app.initI18n()).toBe(i18n);
    expect(i18n.language).toBe('en');
    expect(i18n.t('hello')).toBe('Hello');
    expect(i18n.t('queue', { ns: 'ops' })).toBe('Queue');
    expect(loaded).toEqual([]);
    expect(activeLanguage()).toBe('en');
  });

  it('fetches a language when chosen, in every namespace, falling back to English', async () => {
    const { app, loaded } = setup();
    const i18n = app.initI18n();
    await app.i18nReady();
    await app.changeLanguage('hi');
    expect(i18n.language).toBe('hi');
    expect(i18n.t('hello')).toBe('नमस्ते');
    expect(i18n.t('queue', { ns: 'ops' })).toBe('कतार');
    expect(i18n.t('only')).toBe('Only in English');
    expect(loaded.sort()).toEqual(['../locales/hi.json', '../locales/ops/hi.json']);
    expect(activeLanguage()).toBe('hi');
  });

  it('fails for a language without a file in the default namespace, empty in another', async () => {
    const { app } = setup();
    await expect(app.loadNamespace('ta')).rejects.toThrow('no locale file for ta');
    await expect(app.loadNamespace('ta', 'ops')).resolves.toEqual({});
    await expect(app.loadNamespace('en', 'ops')).resolves.toEqual({ queue: 'Queue' });
  });

  it('loads a lazy namespace, English included, only when a screen asks for it', async () => {
    const loaded: string[] = [];
    const app = createI18n({
      storageKey: 'test-language-lazy',
      english: { translation: { hello: 'Hello' } },
      lazyEnglish: {
        game: async () => {
          loaded.push('game/en');
          return { start: 'Start' };
        },
      },
      files: {
        translation: { '../locales/hi.json': async () => ({ hello: 'नमस्ते' }) },
        game: {
          '../locales/game/hi.json': async () => {
            loaded.push('game/hi');
            return { start: 'शुरू' };
          },
        },
      },
    });
    const i18n = app.initI18n();
    await app.i18nReady();
    expect(loaded).toEqual([]);
    expect(i18n.t('start', { ns: 'game' })).toBe('start');
    await i18n.loadNamespaces('game');
    expect(i18n.t('start', { ns: 'game' })).toBe('Start');
    await app.changeLanguage('hi');
    expect(i18n.t('start', { ns: 'game' })).toBe('शुरू');
    expect(loaded).toEqual(['game/en', 'game/hi']);
  });

  it('translates an error code from the catalogue, else keeps the message', async () => {
    const { app } = setup();
    const i18n = app.initI18n();
    expect(catalogueText(i18n, 'NOPE', 'server text')).toBe('Not allowed');
    expect(catalogueText(i18n, 'UNKNOWN', 'server text')).toBe('server text');
    expect(catalogueText(i18n, undefined, 'server text')).toBe('server text');
  });
});
